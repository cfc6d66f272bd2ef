import { emptyTreeHash, nodeHash, type Hash, type Sha256 } from './merkle.js';

/**
 * The right edge of a Merkle tree of `size` leaves: the roots of its complete subtrees, largest
 * (leftmost) first, one per set bit of `size`. It is all an auditor needs to keep to extend the tree
 * by new leaves and compute each new root, without the old leaves.
 */
export interface Frontier {
  readonly size: number;
  readonly hashes: readonly Hash[];
}

/** The frontier of the empty tree. */
export const EMPTY_FRONTIER: Frontier = { size: 0, hashes: [] };

/** The frontier after appending the leaf whose RFC 6962 leaf hash is `leaf`. */
export function appendToFrontier(sha256: Sha256, frontier: Frontier, leaf: Hash): Frontier {
  const hashes = [...frontier.hashes, leaf];
  // Each trailing 1 bit of the old size is a subtree the new leaf completes to twice its size.
  for (let size = frontier.size; size & 1; size = Math.floor(size / 2)) {
    const right = hashes.pop()!;
    const left = hashes.pop()!;
    hashes.push(nodeHash(sha256, left, right));
  }
  return { size: frontier.size + 1, hashes };
}

/** The RFC 6962 root of the tree the frontier is the edge of: the subtrees folded from the right. */
export function frontierRoot(sha256: Sha256, frontier: Frontier): Hash {
  if (frontier.size === 0) return emptyTreeHash(sha256);
  let root = frontier.hashes[frontier.hashes.length - 1]!;
  for (let i = frontier.hashes.length - 2; i >= 0; i--) root = nodeHash(sha256, frontier.hashes[i]!, root);
  return root;
}

/** True when `hashes` has the shape of a frontier of `size` (one hash of 32 bytes per set bit). */
export function isFrontierShape(size: number, hashes: readonly Uint8Array[]): boolean {
  let bits = 0;
  for (let n = size; n > 0; n = Math.floor(n / 2)) bits += n & 1;
  return Number.isSafeInteger(size) && size >= 0 && hashes.length === bits && hashes.every((h) => h.length === 32);
}
