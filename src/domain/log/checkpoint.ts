import { HASH_SIZE } from './merkle.js';
import { decodeBase64Strict } from './signed-note.js';

/** A checkpoint body (c2sp.org/tlog-checkpoint): the log's origin, its tree size, its RFC 6962 root hash and any extension lines. */
export interface Checkpoint {
  readonly origin: string;
  readonly size: number;
  readonly root: Uint8Array;
  readonly extensions: string[];
}

/** Why a checkpoint body was refused. */
export type CheckpointError =
  | 'NO_FINAL_NEWLINE'
  | 'CONTROL_CHARACTER'
  | 'TOO_FEW_LINES'
  | 'EMPTY_ORIGIN'
  | 'BAD_TREE_SIZE'
  | 'TREE_SIZE_TOO_LARGE'
  | 'BAD_ROOT_HASH'
  | 'EMPTY_EXTENSION';

const DECIMAL = /^(?:0|[1-9][0-9]*)$/;
const CONTROL = /[\u0000-\u0009\u000B-\u001F]/;

/** The checkpoint body: "<origin>\n<tree size>\n<base64 root hash>\n" (no extension lines here). Throws on an empty origin or one with control characters, a size that is not a safe non-negative integer, or a root that is not 32 bytes. */
export function checkpointText(origin: string, size: number, root: Uint8Array): string {
  if (origin === '' || origin.includes('\n') || CONTROL.test(origin)) throw new Error(`invalid checkpoint origin ${JSON.stringify(origin)}`);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`invalid tree size ${size}`);
  if (root.length !== HASH_SIZE) throw new Error(`a root hash is ${HASH_SIZE} bytes, not ${root.length}`);
  return `${origin}\n${size}\n${Buffer.from(root).toString('base64')}\n`;
}

/**
 * The checkpoint a note text holds, or the reason it is refused: a text not ending in a newline or
 * with control characters, fewer than three lines, an empty origin, a tree size that is not
 * decimal without leading zeros ("0" alone excepted) or exceeds Number.MAX_SAFE_INTEGER, a root
 * hash that is not the canonical base64 of 32 bytes, or an empty extension line.
 */
export function parseCheckpoint(text: string): Checkpoint | { error: CheckpointError } {
  if (!text.endsWith('\n')) return { error: 'NO_FINAL_NEWLINE' };
  if (CONTROL.test(text)) return { error: 'CONTROL_CHARACTER' };
  const [origin, sizeText, rootText, ...extensions] = text.slice(0, -1).split('\n');
  if (rootText === undefined) return { error: 'TOO_FEW_LINES' };
  if (origin === '') return { error: 'EMPTY_ORIGIN' };
  if (!DECIMAL.test(sizeText!)) return { error: 'BAD_TREE_SIZE' };
  // The spec allows any uint64; a JavaScript number counts leaves exactly only up to 2^53 - 1.
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size)) return { error: 'TREE_SIZE_TOO_LARGE' };
  const root = decodeBase64Strict(rootText);
  if (root === undefined || root.length !== HASH_SIZE) return { error: 'BAD_ROOT_HASH' };
  if (extensions.includes('')) return { error: 'EMPTY_EXTENSION' };
  return { origin: origin!, size, root, extensions };
}

/** The origin of this service's log: the host of BASE_URL (with its port when not default) plus "/log". Throws when `baseUrl` is not a URL. */
export function logOrigin(baseUrl: string): string {
  return `${new URL(baseUrl).host}/log`;
}
