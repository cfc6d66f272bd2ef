/** An RDAP domain object as parsed JSON, or why the answer is not one. */
export type DomainObjectReading = { readonly object: Record<string, unknown> } | { readonly problem: string };

/**
 * Parses an RDAP answer (`body`, already capped) as the domain object of `domain` (RFC 9083 section
 * 5.3): UTF-8 JSON, an object, of class `domain` when it names one, about `domain` when it names
 * its `ldhName`. Otherwise says, in words, what the answer is instead.
 */
export function readDomainObject(body: Uint8Array, domain: string): DomainObjectReading {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return { problem: 'the answer is not UTF-8 JSON' };
  }
  if (!isRecord(json)) return { problem: 'the answer is not a JSON object' };
  if (json.objectClassName !== undefined && json.objectClassName !== 'domain') {
    return { problem: `the answer is an RDAP ${describe(json.objectClassName)} object, not a domain` };
  }
  if (typeof json.ldhName === 'string' && stripDot(json.ldhName) !== stripDot(domain)) {
    return { problem: `the answer is about ${json.ldhName.slice(0, 100)}, not ${domain}` };
  }
  return { object: json };
}

/** True for a JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
}

function stripDot(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}
