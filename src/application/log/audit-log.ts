import { inject, injectable } from 'inversify';
import { logOrigin } from '../../domain/log/checkpoint.js';
import { parseLogEntry } from '../../domain/log/log-event.js';
import { appendToFrontier, EMPTY_FRONTIER, frontierRoot, isFrontierShape, type Frontier } from '../../domain/log/frontier.js';
import { leafHash, verifyConsistency, HASH_SIZE, type Hash } from '../../domain/log/merkle.js';
import { parseEntryBundle, tilePath, TILE_WIDTH } from '../../domain/log/tiles.js';
import { AppError } from '../errors.js';
import { LogCrypto } from '../ports/log-crypto.js';
import { RemoteLog } from '../ports/remote-log.js';
import { checkCheckpoint } from './checkpoint-check.js';

/** What an auditor remembers of the last checkpoint it checked (the --state file). */
export interface AuditState {
  readonly origin: string;
  readonly size: number;
  /** Base64 root hash. */
  readonly root: string;
  /** The tree's right edge (base64 subtree roots, largest first): with it only new entries are fetched and hashed. */
  readonly frontier?: readonly string[];
}

/** What an audit found: the checkpoint checked, or the first discrepancy. */
export type AuditOutcome =
  | { readonly ok: true; readonly state: AuditState; readonly previousSize: number /** Entries fetched and re-hashed this time. */; readonly entries: number }
  | { readonly ok: false; readonly discrepancy: string };

const MAX_AUDITED = 5_000_000;

/**
 * `vetted log verify`: audits a deployment's transparency log from its public files. Fetches the
 * checkpoint and checks its signature against the JWKS; checks it is consistent with the checkpoint
 * seen last (RFC 9162 consistency proof from /log/consistency); fetches the entries added since
 * (all of them without a kept right edge) and the level-0 hash tiles beside them, re-hashes each
 * entry (which must be a log event) against its tile hash, and extends the kept right edge of the
 * tree with them to the checkpoint's root. The first discrepancy ends it, named. A deployment that does
 * not answer is SERVICE_UNAVAILABLE (not a discrepancy).
 */
@injectable()
export class AuditLog {
  constructor(
    @inject(RemoteLog) private readonly remote: RemoteLog,
    @inject(LogCrypto) private readonly crypto: LogCrypto,
  ) {}

  /** Audits the log at `baseUrl`, whose checkpoints must carry `expectedOrigin` (by default the host of `baseUrl` plus `/log`). */
  async run(baseUrl: string, previous: AuditState | undefined, expectedOrigin?: string): Promise<AuditOutcome> {
    const base = baseUrl.replace(/\/+$/, '');
    let origin: string;
    try {
      if (!/^https?:\/\//i.test(base)) throw new Error('not http');
      origin = expectedOrigin ?? logOrigin(base);
    } catch {
      throw new AppError('VALIDATION_ERROR', `"${base.slice(0, 100)}" is not an http or https URL.`);
    }
    if (!/^[\x21-\x7e]{1,200}$/.test(origin) || origin.includes('+'))
      throw new AppError('VALIDATION_ERROR', 'the origin must be 1 to 200 printable characters without spaces or "+".');
    const sha256 = (data: Uint8Array) => this.crypto.sha256(data);
    const note = new TextDecoder().decode(await this.fetch(`${base}/log/checkpoint`));
    const jwks = parsedJson(await this.fetch(`${base}/.well-known/jwks.json`));
    if (jwks === undefined) return { ok: false, discrepancy: 'the published JWKS is not JSON' };
    const checked = checkCheckpoint(note, origin, jwks, this.crypto);
    if (!checked.ok) return { ok: false, discrepancy: checked.reason };
    const { size, root } = checked.checkpoint;
    if (size > MAX_AUDITED) throw new AppError('VALIDATION_ERROR', `The log holds ${size} entries; this command audits at most ${MAX_AUDITED}.`);
    if (previous) {
      if (previous.origin !== origin) throw new AppError('VALIDATION_ERROR', `The state file is of log "${previous.origin}", not "${origin}".`);
      const previousRoot = new Uint8Array(Buffer.from(previous.root, 'base64'));
      if (size < previous.size) return { ok: false, discrepancy: `the log shrank: the checkpoint says ${size} entries, ${previous.size} were seen before` };
      if (size === previous.size && !equal(root, previousRoot))
        return { ok: false, discrepancy: `the tree of ${size} entries has another root than before (a fork)` };
      if (previous.size > 0 && size > previous.size) {
        const answer = parsedJson(await this.fetch(`${base}/log/consistency?from=${previous.size}&to=${size}`)) as
          | { data?: { consistency_path?: unknown } }
          | undefined;
        const path = hashesOf(answer?.data?.consistency_path);
        if (!path || !verifyConsistency(sha256, previous.size, size, previousRoot, root, path))
          return {
            ok: false,
            discrepancy: `the log of ${size} entries is not consistent with the one of ${previous.size} seen before (its consistency proof fails)`,
          };
      }
    }
    // From the kept right edge, only the entries added since are fetched; without one, all of them.
    let frontier = previous && size >= previous.size ? frontierOf(previous, sha256) : EMPTY_FRONTIER;
    const from = frontier.size;
    for (let tile = Math.floor(from / TILE_WIDTH); tile * TILE_WIDTH < size; tile++) {
      const width = Math.min(TILE_WIDTH, size - tile * TILE_WIDTH);
      const entries = parseEntryBundle(await this.fetch(`${base}/log/${tilePath('entries', tile, width)}`));
      const hashes = await this.fetch(`${base}/log/${tilePath(0, tile, width)}`);
      if (!entries || entries.length !== width)
        return { ok: false, discrepancy: `the entry bundle ${tilePath('entries', tile, width)} is malformed or does not hold ${width} entries` };
      if (hashes.length !== width * HASH_SIZE) return { ok: false, discrepancy: `the hash tile ${tilePath(0, tile, width)} does not hold ${width} hashes` };
      for (let i = Math.max(0, from - tile * TILE_WIDTH); i < width; i++) {
        const index = tile * TILE_WIDTH + i;
        if (!parseLogEntry(entries[i]!)) return { ok: false, discrepancy: `entry ${index} is not a log event` };
        const hash = leafHash(sha256, entries[i]!);
        const listed = hashes.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE);
        if (!equal(hash, listed)) return { ok: false, discrepancy: `entry ${index} hashes to ${hex(hash)}, but the log's hash tile says ${hex(listed)}` };
        frontier = appendToFrontier(sha256, frontier, hash);
      }
    }
    if (!equal(frontierRoot(sha256, frontier), root)) return { ok: false, discrepancy: `the ${size} entries do not hash to the checkpoint's root` };
    const kept = frontier.hashes.map((hash) => Buffer.from(hash).toString('base64'));
    return {
      ok: true,
      state: { origin, size, root: Buffer.from(root).toString('base64'), frontier: kept },
      previousSize: previous?.size ?? 0,
      entries: size - from,
    };
  }

  private async fetch(url: string): Promise<Uint8Array> {
    let answer;
    try {
      answer = await this.remote.get(url);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', `${url} did not answer (${(error as Error).message}).`, { retryAfterSeconds: 5 });
    }
    if (answer.status !== 200) throw new AppError('SERVICE_UNAVAILABLE', `${url} answered ${answer.status}.`, { retryAfterSeconds: 5 });
    return answer.body;
  }
}

/** The right edge kept in a state file; the empty one when none was kept (an older state file). */
function frontierOf(state: AuditState, sha256: (data: Uint8Array) => Uint8Array): Frontier {
  if (!state.frontier) return EMPTY_FRONTIER;
  const hashes = state.frontier.map((h) => new Uint8Array(Buffer.from(h, 'base64')));
  const frontier = { size: state.size, hashes };
  if (!isFrontierShape(state.size, hashes) || Buffer.from(frontierRoot(sha256, frontier)).toString('base64') !== state.root) {
    throw new AppError('VALIDATION_ERROR', "The state file's frontier does not make its root: the file was altered; audit without it to start again.");
  }
  return frontier;
}

function parsedJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

function hashesOf(value: unknown): Hash[] | undefined {
  if (!Array.isArray(value) || value.length > 64 || !value.every((v) => typeof v === 'string')) return undefined;
  return value.map((v: string) => new Uint8Array(Buffer.from(v, 'base64')));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function hex(hash: Uint8Array): string {
  return `${Buffer.from(hash).toString('hex').slice(0, 16)}…`;
}
