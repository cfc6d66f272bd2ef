import { base64Text, isRecord, parseJsonText, stringOrNull } from './text-helpers.js';

type X402ErrorCode = 'NOT_402' | 'NO_PAYMENT_REQUIREMENTS' | 'INVALID_HEADER' | 'INVALID_BODY' | 'NO_ACCEPTS';

export interface X402 {
  /** True for a 402 carrying payment requirements with at least one accepted payment. */
  readonly detected: boolean;
  /** Where the requirements were read: the v2 `PAYMENT-REQUIRED` header or a v1 JSON body. */
  readonly source: 'header' | 'body' | null;
  readonly version: number | null;
  readonly acceptsCount: number;
  /** Distinct `network` values of the accepted payments (`eip155:8453`, `base-sepolia`). */
  readonly networks: readonly string[];
  /** Distinct `scheme` values (`exact`, `upto`). */
  readonly schemes: readonly string[];
  /** v2 `resource.url`, or the first v1 `accepts[].resource`. */
  readonly resourceUrl: string | null;
  /** Each distinct destination of the accepted payments, untrusted: `network` and `payTo` as written, each at most 200 characters. */
  readonly payTo: readonly { readonly network: string; readonly payTo: string }[];
  readonly errors: readonly X402ErrorCode[];
}

const MAX_HEADER_CHARS = 64 * 1024;
const MAX_BODY_CHARS = 256 * 1024;
const MAX_ACCEPTS_READ = 50;
const MAX_DISTINCT = 20;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

type Requirements = Record<string, unknown> & { accepts: unknown[] };

/**
 * Recognizes an x402 payment requirement: HTTP 402 with a base64 JSON `PAYMENT-REQUIRED` header
 * (v2, header name matched case-insensitively), else a JSON body with `x402Version` and
 * `accepts[]` (v1). Only reads; never pays. Never throws: another status, an undecodable header,
 * a body that is not x402 JSON, or an empty `accepts` give `detected: false` with error codes.
 */
export function parseX402(status: number, headers: Readonly<Record<string, string>>, bodyText: string): X402 {
  if (status !== 402) return result(null, null, ['NOT_402']);
  const errors: X402ErrorCode[] = [];
  const header = headerValue(headers, 'payment-required');
  if (header !== null) {
    const fromHeader = decodeHeader(header);
    if (fromHeader !== null) return result(fromHeader, 'header', errors);
    errors.push('INVALID_HEADER');
  }
  const body = parseJsonText(typeof bodyText === 'string' ? bodyText : '', MAX_BODY_CHARS);
  if (body.ok && isRequirements(body.value)) return result(body.value, 'body', errors);
  if (body.ok || body.error !== 'EMPTY') errors.push('INVALID_BODY');
  if (header === null) errors.push('NO_PAYMENT_REQUIREMENTS');
  return result(null, null, errors);
}

function result(requirements: Requirements | null, source: 'header' | 'body' | null, errors: X402ErrorCode[]): X402 {
  if (requirements === null) {
    return { detected: false, source: null, version: null, acceptsCount: 0, networks: [], schemes: [], resourceUrl: null, payTo: [], errors };
  }
  const accepts = requirements.accepts.slice(0, MAX_ACCEPTS_READ).filter(isRecord);
  const distinct = (key: string): string[] =>
    [...new Set(accepts.map((a) => stringOrNull(a[key], 100)).filter((v): v is string => v !== null))].slice(0, MAX_DISTINCT);
  const resource = requirements['resource'];
  const resourceUrl = isRecord(resource) ? stringOrNull(resource['url'], 2048) : (stringOrNull(resource, 2048) ?? stringOrNull(accepts[0]?.['resource'], 2048));
  const version = requirements['x402Version'];
  const allErrors = requirements.accepts.length === 0 ? [...errors, 'NO_ACCEPTS' as const] : errors;
  return {
    detected: requirements.accepts.length > 0,
    source,
    version: typeof version === 'number' && Number.isInteger(version) ? version : null,
    acceptsCount: requirements.accepts.length,
    networks: distinct('network'),
    schemes: distinct('scheme'),
    resourceUrl,
    payTo: destinations(accepts),
    errors: allErrors,
  };
}

function destinations(accepts: readonly Record<string, unknown>[]): { network: string; payTo: string }[] {
  const seen = new Map<string, { network: string; payTo: string }>();
  for (const a of accepts) {
    const network = stringOrNull(a['network'], 200);
    const payTo = stringOrNull(a['payTo'], 200);
    if (network !== null && payTo !== null && seen.size < MAX_DISTINCT) seen.set(`${network} ${payTo}`, { network, payTo });
  }
  return [...seen.values()];
}

function isRequirements(value: unknown): value is Requirements {
  return isRecord(value) && Array.isArray(value['accepts']) && typeof value['x402Version'] === 'number';
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | null {
  if (!isRecord(headers)) return null;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && typeof value === 'string') return value.trim();
  }
  return null;
}

function decodeHeader(value: string): Requirements | null {
  if (value.length > MAX_HEADER_CHARS || !BASE64.test(value)) return null;
  try {
    const parsed = parseJsonText(base64Text(value), MAX_HEADER_CHARS);
    return parsed.ok && isRequirements(parsed.value) ? parsed.value : null;
  } catch {
    return null;
  }
}
