import { isSameOrSubdomain } from '../../domain/domain-name.js';
import { logOrigin } from '../../domain/log/checkpoint.js';
import { parseLogEntry } from '../../domain/log/log-event.js';
import { leafHash, verifyInclusion } from '../../domain/log/merkle.js';
import type { LogCrypto } from '../ports/log-crypto.js';
import { checkCheckpoint } from './checkpoint-check.js';

/** Where a verdict's leaf stands in the log, once checked. */
export interface LogInclusion {
  /** Null when the log held nothing about the name when the verdict was signed. */
  readonly leafIndex: number | null;
  readonly treeSize: number;
}

/**
 * Checks the `log` claim of a signed verdict (whose signature was checked already) against a signed
 * checkpoint: the checkpoint carries a valid signature by a key of `jwks` for the verdict issuer's
 * log, it is of the tree the claim names, and the claim's leaf (an event about the verdict's name
 * or a name covering it) is included in that tree by the claim's RFC 9162 inclusion proof.
 */
export function checkLogClaim(
  claims: Readonly<Record<string, unknown>>,
  checkpoint: string,
  jwks: unknown,
  crypto: LogCrypto,
): { ok: true; log: LogInclusion } | { ok: false; reason: string } {
  const log = claims.log as Partial<{ leaf_index: number | null; leaf: string | null; tree_size: number; inclusion_path: unknown }> | undefined;
  if (!log || typeof log !== 'object' || !Number.isSafeInteger(log.tree_size))
    return { ok: false, reason: 'the verdict carries no log claim (it was signed before the log had a checkpoint)' };
  let origin: string;
  try {
    origin = logOrigin(String(claims.iss));
  } catch {
    return { ok: false, reason: 'the verdict names no issuer URL' };
  }
  const checked = checkCheckpoint(checkpoint, origin, jwks, crypto);
  if (!checked.ok) return checked;
  const size = log.tree_size!;
  if (checked.checkpoint.size !== size)
    return {
      ok: false,
      reason: `the verdict's proof is for the log's tree of ${size} entries, the checkpoint given is of ${checked.checkpoint.size}: check it against the checkpoint in the verdict's log claim, or one of that size`,
    };
  if (log.leaf_index === null) return { ok: true, log: { leafIndex: null, treeSize: size } };
  if (!Number.isSafeInteger(log.leaf_index) || typeof log.leaf !== 'string' || !Array.isArray(log.inclusion_path))
    return { ok: false, reason: 'the log claim is malformed' };
  const entry = new TextEncoder().encode(log.leaf);
  const event = parseLogEntry(entry);
  if (!event || !isSameOrSubdomain(String(claims.sub), event.domain))
    return { ok: false, reason: `the log claim's leaf is not an event about ${String(claims.sub)} or a name covering it` };
  const path = (log.inclusion_path as unknown[]).map((hash) => new Uint8Array(Buffer.from(String(hash), 'base64')));
  const sha256 = (data: Uint8Array) => crypto.sha256(data);
  if (!verifyInclusion(sha256, log.leaf_index!, size, leafHash(sha256, entry), path, checked.checkpoint.root)) {
    return { ok: false, reason: `leaf ${log.leaf_index} is not included in the checkpoint's tree of ${size} entries (its inclusion proof fails)` };
  }
  return { ok: true, log: { leafIndex: log.leaf_index!, treeSize: size } };
}
