import type { Knex } from 'knex';
import type { Logger } from '../../application/ports/logger.js';
import { isConnectionPhase } from './connection-phase.js';

/** The token of PublicReads: where the public reads (verify, lookup, reports) go. */
export const PublicReadsToken = Symbol('PublicReads');

// How long reads stay on the primary after the replica failed to hand out a connection.
const REPLICA_PAUSE_MS = 5000;
// The least time between two questions to the replica about how far it has replayed.
const ASK_EVERY_MS = 5;

/**
 * Where the public reads go: a streaming replica (DATABASE_READ_URL) once it has replayed every
 * write this process was told about, otherwise the primary. Writes, admission, claims and the
 * change feed never come here: they use the primary (`Database`).
 *
 * Positions are PostgreSQL WAL positions (LSNs). The change feed hands over the primary's position
 * read right after each batch of notices arrived (`require`): a notice is sent when its transaction
 * commits, so that position is at or past the write's commit record. Until the replica's replay
 * position (`pg_last_wal_replay_lsn()`, asked at most every 5 ms and only while behind) reaches the
 * highest position required, reads go to the primary. At start and after the feed lost notices
 * (`forgetPosition`) the position required is the primary's current one, asked once.
 *
 * Many instances: the fields are this process's knowledge of two servers' positions, never data; a
 * stale field only sends reads to the primary, never to an older replica.
 */
export class PublicReads {
  private required: bigint | undefined;
  private replayed = -1n;
  private asking: Promise<void> | undefined;
  private askedAt = 0;
  private learning: Promise<void> | undefined;
  private replicaPausedUntil = 0;

  constructor(
    private readonly primary: Knex,
    private readonly replica: Knex | undefined = undefined,
    private readonly logger?: Logger,
  ) {}

  /** Every read on `db`: for adapters and tests without a replica. */
  static primaryOnly(db: Knex): PublicReads {
    return new PublicReads(db);
  }

  /** True when a replica is configured: the change feed then reads the primary's position after each batch. */
  get usesReplica(): boolean {
    return this.replica !== undefined;
  }

  /**
   * Runs one read where it may go. A replica that cannot hand out a connection sends this read,
   * and the next 5 s of reads, to the primary. `missed` tells a result the replica may not have yet
   * (a report or entity looked up by id just after it was stored): it is asked of the primary too.
   */
  async run<T>(read: (db: Knex) => Promise<T>, missed?: (result: T) => boolean): Promise<T> {
    const db = this.pick();
    if (db === this.primary) return read(db);
    let result: T;
    try {
      result = await read(db);
    } catch (error) {
      if (!isConnectionPhase(error)) throw error;
      this.replicaPausedUntil = Date.now() + REPLICA_PAUSE_MS;
      this.logger?.warn({ err: error }, 'read replica unavailable; reading from the primary for 5 s');
      return read(this.primary);
    }
    return missed?.(result) ? read(this.primary) : result;
  }

  /** The change feed's word that the primary had written up to `lsn` (`X/Y`) when its notices arrived. */
  require(lsn: string): void {
    const position = lsnValue(lsn);
    if (this.required === undefined || position > this.required) this.required = position;
  }

  /** Notices may have been lost: read from the primary until the replica has replayed the primary's current position. */
  forgetPosition(): void {
    this.required = undefined;
  }

  private pick(): Knex {
    const replica = this.replica;
    if (!replica || Date.now() < this.replicaPausedUntil) return this.primary;
    if (this.required === undefined) {
      this.learnPrimaryPosition();
      return this.primary;
    }
    if (this.replayed >= this.required) return replica;
    this.askReplica(replica);
    return this.primary;
  }

  private learnPrimaryPosition(): void {
    this.learning ??= positionOf(this.primary, 'pg_current_wal_lsn()')
      .then((lsn) => {
        if (this.required === undefined && lsn) this.require(lsn);
      })
      .catch((error: unknown) => this.logger?.debug({ err: error }, 'could not read the primary WAL position'))
      .finally(() => {
        this.learning = undefined;
      });
  }

  private askReplica(replica: Knex): void {
    if (this.asking || Date.now() - this.askedAt < ASK_EVERY_MS) return;
    this.askedAt = Date.now();
    // A server that is not in recovery (a read URL naming the primary itself) has replayed all it wrote.
    this.asking = positionOf(replica, 'COALESCE(pg_last_wal_replay_lsn(), pg_current_wal_lsn())')
      .then((lsn) => {
        if (lsn) this.replayed = lsnValue(lsn);
      })
      .catch((error: unknown) => this.logger?.debug({ err: error }, 'could not read the replica replay position'))
      .finally(() => {
        this.asking = undefined;
      });
  }
}

async function positionOf(db: Knex, expression: string): Promise<string | undefined> {
  const result = await db.raw(`SELECT ${expression}::text AS lsn`);
  return (result.rows as Array<{ lsn: string | null }>)[0]?.lsn ?? undefined;
}

/** A WAL position `X/Y` (two hexadecimal halves) as one number, so that positions compare. */
export function lsnValue(lsn: string): bigint {
  const slash = lsn.indexOf('/');
  if (slash < 1 || !/^[0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8}$/.test(lsn)) throw new Error(`not a WAL position: "${lsn}"`);
  return (BigInt(`0x${lsn.slice(0, slash)}`) << 32n) + BigInt(`0x${lsn.slice(slash + 1)}`);
}
