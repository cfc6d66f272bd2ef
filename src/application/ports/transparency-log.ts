/** The log's tree head as stored: its size, root hash and the latest signed checkpoint. */
export interface LogHead {
  readonly size: number;
  readonly root: Uint8Array;
  /** The latest checkpoint signed (a C2SP signed note), null before the first signing. */
  readonly checkpoint: string | null;
  /** The tree size that checkpoint is of. */
  readonly checkpointSize: number | null;
  readonly signedAt: string | null;
}

/** A leaf of the log: its index and its bytes (the event's RFC 8785 JSON). */
export interface LogLeaf {
  readonly index: number;
  readonly entry: Uint8Array;
}

/**
 * The transparency log (RFC 6962 / 9162 Merkle tree, C2SP tlog-tiles), shared by every instance.
 * Writes that change a verdict are recorded by triggers in the writer's own transaction; `sequence`
 * appends them, under one lock row, exactly once and in one order for every process. Adapters:
 * KnexTransparencyLog. Fake: none (contract tests run on both engines).
 */
export interface TransparencyLog {
  /**
   * Appends up to `limit` recorded writes (and an `entity.expired` leaf for each active entity whose
   * expiry passed by `now`, once per expiry) in one transaction under the lock row; returns how
   * many and the tree after.
   */
  sequence(now: Date, limit: number): Promise<{ appended: number; head: LogHead }>;
  head(): Promise<LogHead>;
  /** Keeps `note` as the checkpoint of tree `size`, unless one of a larger tree is kept already. */
  saveCheckpoint(size: number, note: string, at: string): Promise<void>;
  /** RFC 9162 inclusion proof of leaf `index` in the tree of `size` (index < size ≤ the log's size). */
  inclusionProof(index: number, size: number): Promise<Uint8Array[]>;
  /** RFC 9162 consistency proof between the trees of `from` and `to` (0 < from ≤ to ≤ the log's size). */
  consistencyProof(from: number, to: number): Promise<Uint8Array[]>;
  /** The hashes of hash tile (level, index, width), concatenated (tlog-tiles). */
  hashTile(level: number, index: number, width: number): Promise<Uint8Array>;
  /** Leaves from index `from`, at most `count`, in order. */
  entries(from: number, count: number): Promise<LogLeaf[]>;
  /** The latest leaf about any of `names` within the tree of `size`. */
  latestAbout(names: readonly string[], size: number): Promise<LogLeaf | undefined>;
}
export const TransparencyLog = Symbol('TransparencyLog');
