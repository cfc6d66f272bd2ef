import { bytesEqual, half, isCount, isPowerOfTwo, largestPowerOfTwoBelow, requireCounts } from './tree-math.js';
/** A SHA-256 digest: 32 bytes. */
export type Hash = Uint8Array;

/** SHA-256 of `data`, supplied by the caller (the domain does no crypto of its own). */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** Reads stored hashes by stored-hash index (`storedHashIndex`), in the order asked; rejects when it cannot answer. */
export type HashReader = (indexes: readonly number[]) => Promise<Hash[]>;

/** Bytes in a SHA-256 hash. */
export const HASH_SIZE = 32;

/** RFC 6962 leaf hash: SHA-256(0x00 || entry). */
export function leafHash(sha256: Sha256, entry: Uint8Array): Hash {
  return sha256(tagged(0x00, entry));
}

/** RFC 6962 interior node hash: SHA-256(0x01 || left || right). */
export function nodeHash(sha256: Sha256, left: Hash, right: Hash): Hash {
  return sha256(tagged(0x01, left, right));
}

/** The root of the empty tree: SHA-256 of no bytes. */
export function emptyTreeHash(sha256: Sha256): Hash {
  return sha256(new Uint8Array(0));
}

/**
 * Where the hash of the complete subtree at `level` (0 = leaves) and position `n` sits in the flat
 * sequence of stored hashes. That sequence holds the hash of every complete subtree, in the order
 * the subtrees become complete as records are appended: record m contributes its leaf hash, then
 * the hash of each subtree it completes, lowest first (the scheme of golang.org/x/mod/sumdb/tlog).
 * Throws a RangeError when the arguments are not non-negative integers or the index is not safe.
 */
export function storedHashIndex(level: number, n: number): number {
  requireCounts({ level, n });
  // The subtree becomes complete when its last record is appended; before that record, exactly
  // storedHashCount(last) hashes were stored, then the record's own leaf, then one per level.
  const last = (n + 1) * 2 ** level - 1;
  const index = storedHashCount(last) + level;
  if (!Number.isSafeInteger(index)) throw new RangeError(`stored hash index of (${level}, ${n}) is beyond 2^53`);
  return index;
}

/** How many hashes are stored for a tree of `n` records: 2n minus the number of one bits of n. */
export function storedHashCount(n: number): number {
  requireCounts({ n });
  let ones = 0;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) ones += rest % 2;
  return 2 * n - ones;
}

/**
 * The hashes to store when appending record `n` (0-based) with bytes `entry` to a tree of `n`
 * records: its leaf hash first, then the hash of every subtree it completes, lowest first. They
 * go at stored-hash indexes storedHashCount(n) onwards. `read` is asked for the left siblings.
 */
export async function storedHashesForRecord(sha256: Sha256, n: number, entry: Uint8Array, read: HashReader): Promise<Hash[]> {
  requireCounts({ n });
  const siblings: number[] = [];
  for (let level = 0, position = n; position % 2 === 1; level++, position = Math.floor(position / 2)) {
    siblings.push(storedHashIndex(level, position - 1));
  }
  const lefts = siblings.length === 0 ? [] : await readExactly(read, siblings);
  const hashes = [leafHash(sha256, entry)];
  for (const left of lefts) hashes.push(nodeHash(sha256, left, hashes[hashes.length - 1]!));
  return hashes;
}

/** RFC 6962 MTH of the first `size` records, from stored hashes (at most one hash per level is read). */
export async function treeHash(sha256: Sha256, size: number, read: HashReader): Promise<Hash> {
  requireCounts({ size });
  if (size === 0) return emptyTreeHash(sha256);
  return (await rangeHashes(sha256, [[0, size]], read))[0]!;
}

/**
 * RFC 9162 §2.1.3.1 inclusion proof (audit path) of leaf `index` in the tree of the first `size`
 * records, nearest sibling first. Throws a RangeError unless 0 <= index < size.
 */
export async function inclusionProof(index: number, size: number, read: HashReader, sha256: Sha256): Promise<Hash[]> {
  requireCounts({ index, size });
  if (index >= size) throw new RangeError(`leaf ${index} is not in a tree of size ${size}`);
  const { others } = descend(
    size,
    (lo, k) => index < lo + k,
    (lo, hi) => hi - lo === 1,
  );
  return rangeHashes(sha256, others.reverse(), read);
}

/**
 * RFC 9162 §2.1.4.1 consistency proof between the trees of the first `from` and `to` records.
 * Empty when from is 0 or equals to (nothing to prove). Throws a RangeError unless 0 <= from <= to.
 */
export async function consistencyProof(from: number, to: number, read: HashReader, sha256: Sha256): Promise<Hash[]> {
  requireCounts({ from, to });
  if (from > to) throw new RangeError(`no consistency proof from size ${from} back to ${to}`);
  if (from === 0 || from === to) return [];
  const { others, lo, hi } = descend(
    to,
    (lo, k) => from <= lo + k,
    (_, hi) => hi === from,
  );
  // SUBPROOF(m, D[m], false) = {MTH(D[m])}: the old tree's last subtree is sent unless it is the whole old tree.
  if (lo > 0) others.push([lo, hi]);
  return rangeHashes(sha256, others.reverse(), read);
}

/**
 * RFC 9162 §2.1.3.2: true when `proof` proves that `leaf` (a leaf hash) is entry `index` of the
 * tree of `size` with root `root`. False for an index out of range, a proof of the wrong length,
 * or any hash that is not HASH_SIZE bytes (so that bytes cannot shift between concatenated parts).
 */
export function verifyInclusion(sha256: Sha256, index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash): boolean {
  if (!isCount(index) || !isCount(size) || index >= size) return false;
  if (!allHashes([leaf, root, ...proof])) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sha256, p, r);
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      r = nodeHash(sha256, r, p);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && bytesEqual(r, root);
}

/**
 * RFC 9162 §2.1.4.2: true when `proof` proves that the tree of `to` records with root `toRoot`
 * extends the tree of `from` records with root `fromRoot`. The cases the RFC leaves out need an
 * empty proof: equal sizes with equal roots, or from 0 with the empty tree's root. False for
 * from > to, a wrong proof length, or any hash that is not HASH_SIZE bytes.
 */
export function verifyConsistency(sha256: Sha256, from: number, to: number, fromRoot: Hash, toRoot: Hash, proof: readonly Hash[]): boolean {
  if (!isCount(from) || !isCount(to) || from > to) return false;
  if (!allHashes([fromRoot, toRoot, ...proof])) return false;
  if (from === 0) return proof.length === 0 && bytesEqual(fromRoot, emptyTreeHash(sha256)) && (to > 0 || bytesEqual(toRoot, fromRoot));
  if (from === to) return proof.length === 0 && bytesEqual(fromRoot, toRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(from) ? [fromRoot, ...proof] : proof;
  let fn = from - 1;
  let sn = to - 1;
  while (fn % 2 === 1) [fn, sn] = [half(fn), half(sn)];
  let fr = path[0]!;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(sha256, c, fr);
      sr = nodeHash(sha256, c, sr);
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [half(fn), half(sn)];
    } else {
      sr = nodeHash(sha256, sr, c);
    }
    [fn, sn] = [half(fn), half(sn)];
  }
  return sn === 0 && bytesEqual(fr, fromRoot) && bytesEqual(sr, toRoot);
}

/** RFC 6962 MTH computed directly from all the leaf hashes: the reference an auditor recomputes. */
export function rootOfLeaves(sha256: Sha256, leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return emptyTreeHash(sha256);
  const mth = (lo: number, hi: number): Hash => {
    if (hi - lo === 1) return leaves[lo]!;
    const k = largestPowerOfTwoBelow(hi - lo);
    return nodeHash(sha256, mth(lo, lo + k), mth(lo + k, hi));
  };
  return mth(0, leaves.length);
}

// Each range [lo, hi) starts at a multiple of a power of two at least hi - lo long (true of every
// range the RFC's recursion visits), so its MTH is its maximal complete subtrees, largest first,
// folded from the right. All ranges are read in one call: one round trip to the database.
async function rangeHashes(sha256: Sha256, ranges: readonly Range[], read: HashReader): Promise<Hash[]> {
  const parts = ranges.map(([lo, hi]) => completeSubtrees(lo, hi));
  const stored = await readExactly(read, parts.flat());
  let next = 0;
  return parts.map((indexes) => stored.slice(next, (next += indexes.length)).reduceRight((right, left) => nodeHash(sha256, left, right)));
}

type Range = [lo: number, hi: number];

// The RFC's recursion unrolled: split [lo, hi) at the largest power of two below its width, keep the
// half `left` chooses, and record the other half's range, until `done`.
function descend(
  size: number,
  left: (lo: number, k: number) => boolean,
  done: (lo: number, hi: number) => boolean,
): { others: Range[]; lo: number; hi: number } {
  const others: Range[] = [];
  let lo = 0;
  let hi = size;
  while (!done(lo, hi)) {
    const k = largestPowerOfTwoBelow(hi - lo);
    if (left(lo, k)) {
      others.push([lo + k, hi]);
      hi = lo + k;
    } else {
      others.push([lo, lo + k]);
      lo += k;
    }
  }
  return { others, lo, hi };
}

function completeSubtrees(lo: number, hi: number): number[] {
  const indexes: number[] = [];
  while (lo < hi) {
    let level = 0;
    while (lo % 2 ** (level + 1) === 0 && lo + 2 ** (level + 1) <= hi) level++;
    indexes.push(storedHashIndex(level, lo / 2 ** level));
    lo += 2 ** level;
  }
  return indexes;
}

function tagged(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(1 + parts.reduce((sum, part) => sum + part.length, 0));
  out[0] = tag;
  let at = 1;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function readExactly(read: HashReader, indexes: readonly number[]): Promise<Hash[]> {
  const hashes = await read(indexes);
  if (hashes.length !== indexes.length) throw new Error(`hash reader returned ${hashes.length} hashes for ${indexes.length} indexes`);
  return hashes;
}

const allHashes = (hashes: readonly Hash[]): boolean => hashes.every((h) => h.length === HASH_SIZE);
