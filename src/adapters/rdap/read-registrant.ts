import { isRecord, readDomainObject } from './read-domain-object.js';

/** What an RDAP domain answer says of its registrant's organisation, before any network concern. */
export type RegistrantReading = { readonly organisation: string | null } | { readonly error: 'bad_response'; readonly message: string };

const MAX_ENTITIES = 64;
const MAX_PROPERTIES = 256;
const MAX_ORGANISATION = 200;

/**
 * Reads the registrant organisation of an RDAP domain object (RFC 9083 section 5.1: an entity
 * with the `registrant` role, its jCard per RFC 7095): the `org` property, or `fn` when the card's
 * `kind` is `org`. Null when the answer names no registrant or publishes no organisation
 * (redactions are judged later: see normaliseOrganisation). An answer that is not a domain object
 * about `domain` is a bad_response. `body` is expected to be capped already.
 */
export function readRegistrant(body: Uint8Array, domain: string): RegistrantReading {
  const reading = readDomainObject(body, domain);
  if ('problem' in reading) return bad(reading.problem);
  const json = reading.object;
  const entities = Array.isArray(json.entities) ? json.entities.slice(0, MAX_ENTITIES) : [];
  for (const entity of entities) {
    if (!isRecord(entity) || !Array.isArray(entity.roles) || !entity.roles.some((r) => typeof r === 'string' && r.toLowerCase() === 'registrant')) continue;
    const organisation = organisationOf(entity.vcardArray);
    if (organisation !== null) return { organisation };
  }
  return { organisation: null };
}

function organisationOf(vcardArray: unknown): string | null {
  if (!Array.isArray(vcardArray) || vcardArray[0] !== 'vcard' || !Array.isArray(vcardArray[1])) return null;
  let org: string | null = null;
  let fn: string | null = null;
  let kind: string | null = null;
  for (const property of (vcardArray[1] as unknown[]).slice(0, MAX_PROPERTIES)) {
    if (!Array.isArray(property) || typeof property[0] !== 'string') continue;
    const value = textOf(property[3]);
    const name = property[0].toLowerCase();
    if (name === 'org') org ??= value;
    else if (name === 'fn') fn ??= value;
    else if (name === 'kind') kind ??= value?.toLowerCase() ?? null;
  }
  return org ?? (kind === 'org' ? fn : null);
}

// jCard values are text, or a list for structured ones (org: name, then units): the first part is the name.
function textOf(value: unknown): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_ORGANISATION);
}

function bad(message: string): RegistrantReading {
  return { error: 'bad_response', message };
}
