import { inject, injectable } from 'inversify';
import { logOrigin } from '../../domain/log/checkpoint.js';
import { entryBundle, parseTilePath, TILE_WIDTH } from '../../domain/log/tiles.js';
import { AppError } from '../errors.js';
import { printable } from '../input/domain-input.js';
import { AppConfig } from '../ports/app-config.js';
import { ReportSigner } from '../ports/report-signer.js';
import { TransparencyLog } from '../ports/transparency-log.js';
import { logPageView, type LogPageView } from '../views/log-page-view.js';
import { consistencyProofView, inclusionProofView, type ConsistencyProofAnswer, type InclusionProofAnswer } from '../views/log-view.js';

/** How long a full tile may be kept: it never changes. */
export const FULL_TILE_CACHE_SECONDS = 31_536_000;
/** How long a partial tile may be kept: a longer one replaces it as the log grows. */
export const PARTIAL_TILE_CACHE_SECONDS = 10;

/** A tile as served: its bytes, whether it is full (immutable for good) or partial, and how long it may be cached. */
export interface LogTile {
  readonly bytes: Uint8Array;
  readonly full: boolean;
  readonly cacheSeconds: number;
}

const WHOLE = /^(0|[1-9]\d{0,15})$/;

/**
 * The transparency log for readers: the latest signed checkpoint, the C2SP tlog-tiles (hash tiles
 * and entry bundles) of the tree it signs, RFC 9162 inclusion and consistency proofs, and the
 * signed-note verifier key. Only what a signed checkpoint covers is served.
 */
@injectable()
export class ReadLog {
  private readonly origin: string;

  constructor(
    @inject(TransparencyLog) private readonly log: TransparencyLog,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(AppConfig) config: AppConfig,
  ) {
    this.origin = logOrigin(config.baseUrl);
  }

  /** What the log's page shows: the signed tree head and its latest `count` entries. */
  async overview(count = 25): Promise<LogPageView> {
    const head = await this.log.head();
    const size = head.checkpointSize ?? 0;
    const leaves = size === 0 ? [] : await this.log.entries(Math.max(0, size - count), Math.min(count, size));
    return logPageView(head, leaves, await this.verifierKey());
  }

  /** The latest signed checkpoint (a C2SP signed note). */
  async checkpoint(): Promise<string> {
    const head = await this.log.head();
    if (head.checkpoint === null)
      throw new AppError('SERVICE_UNAVAILABLE', 'The log has no signed checkpoint yet; retry in a second.', { retryAfterSeconds: 1 });
    return head.checkpoint;
  }

  /** The verifier key that checks the checkpoints: `<origin>+<key id>+<base64 key>`. */
  verifierKey(): Promise<string> {
    return this.signer.noteVerifierKey(this.origin);
  }

  /** The tile at `path` (after `/log/`, e.g. `tile/0/x001/234` or `tile/entries/000.p/7`). */
  async tile(path: string): Promise<LogTile> {
    const tile = parseTilePath(path);
    if (!tile)
      throw new AppError('NOT_FOUND', `"${printable(path, 80)}" is not a tile path (tile/<level>/<index>[.p/<width>], tile/entries/<index>[.p/<width>]).`);
    const size = await this.signedSize();
    const level = tile.level === 'entries' ? 0 : tile.level;
    const available = Math.floor(size / TILE_WIDTH ** level);
    if (tile.index * TILE_WIDTH + tile.width > available) throw new AppError('NOT_FOUND', `The signed tree (${size} leaves) does not reach this tile yet.`);
    const full = tile.width === TILE_WIDTH;
    const cacheSeconds = full ? FULL_TILE_CACHE_SECONDS : PARTIAL_TILE_CACHE_SECONDS;
    if (tile.level !== 'entries') return { bytes: await this.log.hashTile(tile.level, tile.index, tile.width), full, cacheSeconds };
    const leaves = await this.log.entries(tile.index * TILE_WIDTH, tile.width);
    return { bytes: entryBundle(leaves.map((leaf) => leaf.entry)), full, cacheSeconds };
  }

  /** The inclusion proof of leaf `leaf` in the tree of `size` (both as sent in the query). */
  async inclusionProof(leaf: string | undefined, size: string | undefined): Promise<InclusionProofAnswer> {
    const [index, treeSize] = [whole('leaf', leaf), whole('size', size)];
    const signed = await this.signedSize();
    if (treeSize > signed || treeSize === 0 || index >= treeSize)
      throw new AppError('VALIDATION_ERROR', `leaf must be below size, and size from 1 to ${signed} (the signed tree).`);
    return inclusionProofView(index, treeSize, await this.log.inclusionProof(index, treeSize));
  }

  /** The consistency proof between the trees of `from` and `to`. */
  async consistencyProof(from: string | undefined, to: string | undefined): Promise<ConsistencyProofAnswer> {
    const [first, second] = [whole('from', from), whole('to', to)];
    const signed = await this.signedSize();
    if (first === 0 || first > second || second > signed)
      throw new AppError('VALIDATION_ERROR', `from must be at least 1 and at most to, and to at most ${signed} (the signed tree).`);
    return consistencyProofView(first, second, await this.log.consistencyProof(first, second));
  }

  private async signedSize(): Promise<number> {
    return (await this.log.head()).checkpointSize ?? 0;
  }
}

function whole(name: string, value: string | undefined): number {
  if (value === undefined || !WHOLE.test(value)) throw new AppError('VALIDATION_ERROR', `${name} must be a whole number.`);
  return Number(value);
}
