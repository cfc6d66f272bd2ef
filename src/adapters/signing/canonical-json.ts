import canonicalizeModule from 'canonicalize';

// canonicalize is CommonJS whose typings declare an ES default export; under Node's ESM loader
// (and tsx) the default import is module.exports, which is the function itself.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/**
 * The RFC 8785 (JCS) serialization of `value`. Throws for values JSON cannot represent
 * (NaN, Infinity, a bare undefined or function); undefined members of objects are left out.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('The value has no JSON serialization');
  return text;
}
