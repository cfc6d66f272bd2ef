import type { Sha256 } from './merkle.js';

/** Whether `signature` is a valid Ed25519 signature of `message` by the raw 32-byte `publicKey`. */
export type VerifyEd25519 = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

/** An Ed25519 note key as verifiers know it: its name, its 4-byte key id and its raw 32-byte public key. */
export interface NoteVerifierKey {
  readonly name: string;
  readonly keyId: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** One signature line of a note: the key name, the 4-byte key id and the signature bytes after it. */
export interface NoteSignature {
  readonly name: string;
  readonly keyId: Uint8Array;
  readonly signature: Uint8Array;
}

/** A note split into its text (ending in a newline) and its signature lines, in order, unverified. */
export interface ParsedNote {
  readonly text: string;
  readonly signatures: NoteSignature[];
}

/** Why a note was refused as malformed. */
export type SignedNoteError =
  | 'TOO_LARGE'
  | 'INVALID_UTF8'
  | 'CONTROL_CHARACTER'
  | 'NO_BLANK_LINE'
  | 'NO_SIGNATURES'
  | 'NO_FINAL_NEWLINE'
  | 'NO_EM_DASH'
  | 'BAD_KEY_NAME'
  | 'BAD_BASE64'
  | 'SHORT_SIGNATURE'
  | 'TOO_MANY_SIGNATURES';

/** The largest note parsed, in UTF-8 bytes. */
const MAX_NOTE_BYTES = 1024 * 1024;
/** The most signature lines a parsed note may carry (Go's sumdb/note refuses more than 100 too). */
const MAX_NOTE_SIGNATURES = 100;

const ED25519_TYPE = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';
const SPACE_OR_PLUS = /[\p{White_Space}+]/u;
const CONTROL = /[\u0000-\u0009\u000B-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const encoder = new TextEncoder();

/** Whether `name` may name a note key: non-empty, with neither Unicode spaces nor '+'. */
function isValidKeyName(name: string): boolean {
  return name.length > 0 && !SPACE_OR_PLUS.test(name) && !LONE_SURROGATE.test(name);
}

/**
 * The bytes of standard base64 (RFC 4648 section 4) `text`, or undefined unless it is padded,
 * free of other characters, and the canonical encoding of what it decodes to.
 */
export function decodeBase64Strict(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  // Unused low bits must be zero, so that each byte string has exactly one accepted encoding.
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : undefined;
}

/** The 4-byte key id of an Ed25519 note key: the first 4 bytes of SHA-256(name || 0x0A || 0x01 || 32-byte public key). Throws on an invalid name or a key that is not 32 bytes. */
export function noteKeyId(sha256: Sha256, name: string, publicKey: Uint8Array): Uint8Array {
  assertKey(name, publicKey);
  const nameBytes = encoder.encode(name);
  const input = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  input.set(nameBytes, 0);
  input.set([0x0a, ED25519_TYPE], nameBytes.length);
  input.set(publicKey, nameBytes.length + 2);
  return new Uint8Array(sha256(input).subarray(0, 4));
}

/** The verifier key string "<name>+<8 hex of key id>+<base64(0x01 || public key)>". Throws on an invalid name or a key that is not 32 bytes. */
export function verifierKey(sha256: Sha256, name: string, publicKey: Uint8Array): string {
  const id = Buffer.from(noteKeyId(sha256, name, publicKey)).toString('hex');
  return `${name}+${id}+${Buffer.from([ED25519_TYPE, ...publicKey]).toString('base64')}`;
}

/**
 * The Ed25519 key a verifier key string names, or undefined when the string is malformed, names
 * another algorithm, or its key id is not the one its name and public key give.
 */
export function parseVerifierKey(sha256: Sha256, text: string): NoteVerifierKey | undefined {
  const [name, id, encoded] = splitTwice(text, '+');
  // Eight hex digits in either case, as Go's golang.org/x/mod/sumdb/note accepts.
  if (name === undefined || !isValidKeyName(name) || !/^[0-9a-fA-F]{8}$/.test(id ?? '')) return undefined;
  const key = decodeBase64Strict(encoded ?? '');
  if (key === undefined || key.length !== 33 || key[0] !== ED25519_TYPE) return undefined;
  const publicKey = key.slice(1);
  const keyId = noteKeyId(sha256, name, publicKey);
  return Buffer.from(keyId).toString('hex') === id!.toLowerCase() ? { name, keyId, publicKey } : undefined;
}

/**
 * A note as signed: the text (ending in a newline), a blank line, then one line per signature
 * "— <name> <base64(key id || signature)>\n" (U+2014 EM DASH). Throws when the result would not
 * parse: a text without its final newline or with control characters, an invalid name, a key id
 * that is not 4 bytes, an empty signature, or no signature at all.
 */
export function formatSignedNote(text: string, signatures: ReadonlyArray<NoteSignature>): string {
  if (!text.endsWith('\n') || CONTROL.test(text) || LONE_SURROGATE.test(text)) throw new Error('a note text ends in a newline and holds no control characters');
  if (signatures.length === 0) throw new Error('a signed note carries at least one signature');
  const lines = signatures.map(({ name, keyId, signature }) => {
    if (!isValidKeyName(name) || keyId.length !== 4 || signature.length === 0) throw new Error(`invalid note signature by ${JSON.stringify(name)}`);
    return `${SIGNATURE_PREFIX}${name} ${Buffer.from([...keyId, ...signature]).toString('base64')}\n`;
  });
  return `${text}\n${lines.join('')}`;
}

/**
 * Splits a signed note (a string, or its UTF-8 bytes) into its text and signature lines, checking
 * none. Refuses, with the reason, a note over MAX_NOTE_BYTES, invalid UTF-8, control characters
 * other than newline, no blank line before the signatures, a signature block that is empty, does
 * not end in a newline or has a line not of the form "— <name> <base64>", a key name with spaces
 * or '+', non-canonical base64, a signature shorter than a key id and one byte, or more than
 * MAX_NOTE_SIGNATURES lines. The text ends before the last blank line, so it may hold blank lines.
 */
export function parseSignedNote(note: string | Uint8Array): ParsedNote | { error: SignedNoteError } {
  const decoded = decodeNote(note);
  if (typeof decoded !== 'string') return decoded;
  if (CONTROL.test(decoded)) return { error: 'CONTROL_CHARACTER' };
  const split = decoded.lastIndexOf('\n\n');
  if (split < 0) return { error: 'NO_BLANK_LINE' };
  const text = decoded.slice(0, split + 1);
  const block = decoded.slice(split + 2);
  if (block === '') return { error: 'NO_SIGNATURES' };
  if (!block.endsWith('\n')) return { error: 'NO_FINAL_NEWLINE' };
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) return { error: 'TOO_MANY_SIGNATURES' };
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    const parsed = parseSignatureLine(line);
    if ('error' in parsed) return parsed;
    signatures.push(parsed);
  }
  return { text, signatures };
}

/**
 * Whether the note carries a valid signature by this key (name and key id match, signature checks
 * over the text bytes as UTF-8). As in Go's sumdb/note, the first line naming this key decides and
 * later lines naming it are ignored; lines of other keys are ignored, even when they share the
 * name or the key id. A malformed note fails with its SignedNoteError as the reason,
 * otherwise the reason is NO_SIGNATURE_BY_KEY or BAD_SIGNATURE.
 */
export function verifySignedNote(
  note: string | Uint8Array,
  key: NoteVerifierKey,
  verify: VerifyEd25519,
): { ok: true; text: string } | { ok: false; reason: string } {
  const parsed = parseSignedNote(note);
  if ('error' in parsed) return { ok: false, reason: parsed.error };
  const mine = parsed.signatures.find((s) => s.name === key.name && sameBytes(s.keyId, key.keyId));
  if (mine === undefined) return { ok: false, reason: 'NO_SIGNATURE_BY_KEY' };
  return verify(key.publicKey, encoder.encode(parsed.text), mine.signature) ? { ok: true, text: parsed.text } : { ok: false, reason: 'BAD_SIGNATURE' };
}

function decodeNote(note: string | Uint8Array): string | { error: SignedNoteError } {
  if (typeof note === 'string') {
    // Every UTF-16 unit takes at least one UTF-8 byte, so a long string is refused before measuring.
    if (note.length > MAX_NOTE_BYTES || Buffer.byteLength(note, 'utf8') > MAX_NOTE_BYTES) return { error: 'TOO_LARGE' };
    return LONE_SURROGATE.test(note) ? { error: 'INVALID_UTF8' } : note;
  }
  if (note.length > MAX_NOTE_BYTES) return { error: 'TOO_LARGE' };
  try {
    // ignoreBOM keeps a leading U+FEFF in the text, where the signer put it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(note);
  } catch {
    return { error: 'INVALID_UTF8' };
  }
}

function parseSignatureLine(line: string): NoteSignature | { error: SignedNoteError } {
  if (!line.startsWith(SIGNATURE_PREFIX)) return { error: 'NO_EM_DASH' };
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.indexOf(' ');
  const name = space < 0 ? rest : rest.slice(0, space);
  if (!isValidKeyName(name)) return { error: 'BAD_KEY_NAME' };
  const bytes = decodeBase64Strict(space < 0 ? '' : rest.slice(space + 1));
  if (bytes === undefined || bytes.length === 0) return { error: 'BAD_BASE64' };
  if (bytes.length < 5) return { error: 'SHORT_SIGNATURE' };
  return { name, keyId: bytes.slice(0, 4), signature: bytes.slice(4) };
}

function assertKey(name: string, publicKey: Uint8Array): void {
  if (!isValidKeyName(name)) throw new Error(`invalid note key name ${JSON.stringify(name)}`);
  if (publicKey.length !== 32) throw new Error(`an Ed25519 public key is 32 bytes, not ${publicKey.length}`);
}

function splitTwice(text: string, separator: string): [string | undefined, string | undefined, string | undefined] {
  const first = text.indexOf(separator);
  if (first < 0) return [undefined, undefined, undefined];
  const second = text.indexOf(separator, first + 1);
  if (second < 0) return [undefined, undefined, undefined];
  return [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
