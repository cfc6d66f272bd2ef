import { parseCheckpoint, type Checkpoint } from '../../domain/log/checkpoint.js';
import { noteKeyId, verifySignedNote } from '../../domain/log/signed-note.js';
import type { LogCrypto } from '../ports/log-crypto.js';

/**
 * Checks a signed checkpoint against a JWKS: it must carry a valid signature, named `origin`, by one
 * of the JWKS's Ed25519 keys (the note key id derived from the name and the key), and its text must
 * be a checkpoint of `origin`. Says why not in words.
 */
export function checkCheckpoint(
  note: string,
  origin: string,
  jwks: unknown,
  crypto: LogCrypto,
): { ok: true; checkpoint: Checkpoint } | { ok: false; reason: string } {
  const keys = ed25519Keys(jwks);
  if (keys.length === 0) return { ok: false, reason: 'the JWKS holds no Ed25519 key to check the checkpoint with' };
  const sha256 = (data: Uint8Array) => crypto.sha256(data);
  let text: string | undefined;
  let lastReason = 'no signature';
  for (const publicKey of keys) {
    const checked = verifySignedNote(note, { name: origin, keyId: noteKeyId(sha256, origin, publicKey), publicKey }, (k, m, s) =>
      crypto.verifyEd25519(k, m, s),
    );
    if (checked.ok) {
      text = checked.text;
      break;
    }
    lastReason = checked.reason;
  }
  if (text === undefined) return { ok: false, reason: `the checkpoint carries no valid signature by ${origin} with a published key (${lastReason})` };
  const checkpoint = parseCheckpoint(text);
  if ('error' in checkpoint) return { ok: false, reason: `the signed text is not a checkpoint (${checkpoint.error})` };
  if (checkpoint.origin !== origin) return { ok: false, reason: `the checkpoint is of log "${checkpoint.origin}", not "${origin}"` };
  return { ok: true, checkpoint };
}

function ed25519Keys(jwks: unknown): Uint8Array[] {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return [];
  const out: Uint8Array[] = [];
  for (const key of keys as Array<Record<string, unknown>>) {
    if (key?.kty !== 'OKP' || key.crv !== 'Ed25519' || typeof key.x !== 'string') continue;
    const raw = new Uint8Array(Buffer.from(key.x, 'base64url'));
    if (raw.length === 32) out.push(raw);
  }
  return out;
}
