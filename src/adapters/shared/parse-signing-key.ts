import { createPrivateKey, type KeyObject } from 'node:crypto';

// The fixed DER header of a PKCS#8 Ed25519 private key (RFC 8410); the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const BASE64URL_SEED = /^[A-Za-z0-9_-]{43}$/;

/**
 * Reads an Ed25519 private key given as PKCS#8 PEM or as a base64url 32-byte seed.
 * Throws an Error naming `source` (e.g. 'REPORT_SIGNING_KEY') when the text is neither.
 */
export function parseSigningKey(text: string, source: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN') ? createPrivateKey({ key: trimmed, format: 'pem' }) : keyFromSeed(trimmed);
  } catch (cause) {
    throw invalid(source, cause);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw invalid(source, new Error(`a ${key.asymmetricKeyType} key`));
  return key;
}

function keyFromSeed(text: string): KeyObject {
  if (!BASE64URL_SEED.test(text)) throw new Error('not a PEM and not 43 base64url characters');
  const seed = Buffer.from(text, 'base64url');
  if (seed.length !== 32) throw new Error(`a ${seed.length}-byte seed`);
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function invalid(source: string, cause: unknown): Error {
  const detail = cause instanceof Error ? ` (${cause.message})` : '';
  return new Error(`${source} must be a PKCS#8 PEM Ed25519 private key or a base64url 32-byte Ed25519 seed${detail}`, { cause });
}
