import { crc32 } from 'node:zlib';

/** Every API key begins with this, so that secret scanners can find a leaked one in any text. */
const API_KEY_PREFIX = 'vtk_';
/** Every key id begins with this; the id is public (listed, revoked, named in usage). */
const API_KEY_ID_PREFIX = 'key_';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_CHARS = 8;
const SECRET_CHARS = 30;
const CHECKSUM_CHARS = 6;
const BODY_CHARS = ID_CHARS + SECRET_CHARS;
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_CHARS + CHECKSUM_CHARS}}$`);
const ID_SHAPE = new RegExp(`^${API_KEY_ID_PREFIX}[0-9A-Za-z]{${ID_CHARS}}$`);
/** The parts of a key, for those who describe it. */
export const API_KEY_FORMAT = { prefix: API_KEY_PREFIX, idChars: ID_CHARS, secretChars: SECRET_CHARS, checksumChars: CHECKSUM_CHARS } as const;
/** Random bytes a key needs: the id's and the secret's. */
export const API_KEY_RANDOM_BYTES = { id: 8, secret: 24 } as const;

/** A key as made: the whole secret (shown once) and its public id. */
export interface MintedApiKey {
  readonly key: string;
  readonly id: string;
}

/** What reading a presented key found: its id, or why it is not a key at all. */
export type ParsedApiKey = { readonly ok: true; readonly id: string; readonly key: string } | { readonly ok: false; readonly reason: 'shape' | 'checksum' };

/**
 * Makes a key from random bytes (base64url, as RandomTokens gives them): `vtk_`, 8 base62
 * characters of id, 30 of secret (178 bits), then 6 of checksum: the CRC-32 of everything before
 * it, in base62. Base62 so that a double click selects the whole key; a fixed prefix and a
 * checksum so that a scanner can tell a real key from look-alike text, and a typo is caught
 * before any lookup (the scheme GitHub's tokens use).
 */
export function mintApiKey(idRandom: string, secretRandom: string): MintedApiKey {
  const body = base62(idRandom, ID_CHARS) + base62(secretRandom, SECRET_CHARS);
  const head = API_KEY_PREFIX + body;
  return { key: head + checksumOf(head), id: API_KEY_ID_PREFIX + body.slice(0, ID_CHARS) };
}

/** Reads a presented key: its shape first, then its checksum; never looks anything up. */
export function parseApiKey(text: string): ParsedApiKey {
  if (!KEY_SHAPE.test(text)) return { ok: false, reason: 'shape' };
  const head = text.slice(0, API_KEY_PREFIX.length + BODY_CHARS);
  if (checksumOf(head) !== text.slice(head.length)) return { ok: false, reason: 'checksum' };
  return { ok: true, id: API_KEY_ID_PREFIX + text.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + ID_CHARS), key: text };
}

/** True for a well-formed key id (`key_` and 8 base62 characters). */
export function isApiKeyId(text: string): boolean {
  return ID_SHAPE.test(text);
}

function checksumOf(head: string): string {
  return toBase62(BigInt(crc32(head)), CHECKSUM_CHARS);
}

function base62(random: string, chars: number): string {
  const bytes = Buffer.from(random, 'base64url');
  if (bytes.length === 0) throw new RangeError('an API key needs random bytes');
  // The modulo's bias is below 2^-14 for the id and nil in practice for the secret: neither is guessable.
  return toBase62(BigInt(`0x${bytes.toString('hex')}`) % BigInt(ALPHABET.length) ** BigInt(chars), chars);
}

function toBase62(value: bigint, chars: number): string {
  let out = '';
  let rest = value;
  const radix = BigInt(ALPHABET.length);
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[Number(rest % radix)]! + out;
    rest /= radix;
  }
  return out;
}
