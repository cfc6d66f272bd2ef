import { setTimeout as sleep } from 'node:timers/promises';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { AppError } from '../../application/errors.js';
import { AdmissionLimits, type AdmissionDecision, type ScanAdmission } from '../../application/ports/scan-admission.js';
import type { DomainName } from '../../domain/domain-name.js';
import { Database } from './create-knex.js';
import { isLockTimeout } from './sql-errors.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** An admission is refused (fail closed) once the store has decided nothing for this long while it waits. */
const ADMISSION_DEADLINE_MS = 3_000;
// However busy the store is, a caller is answered (refused) rather than held without end.
const ADMISSION_MAX_WAIT_MS = 30_000;
const PROGRESS_POLL_MS = 250;

type Request = { clientId: string; domain: DomainName };

/**
 * Rolling-window admission in the database. Each decision is one transaction that first updates
 * the single admission_lock row, which serializes decisions across every process sharing the
 * database (a row lock on PostgreSQL, the write lock on SQLite), then counts admissions in the
 * windows and records the new one. Windows are rolling: a budget frees up when the oldest
 * admission counted in it becomes older than the window. A decision waits for the lock as long as
 * other decisions keep committing, and is refused with SCAN_UNAVAILABLE once none has for
 * ADMISSION_DEADLINE_MS.
 */
@injectable()
export class KnexScanAdmission implements ScanAdmission {
  // Decisions of this process go one at a time: they would only queue on the lock row anyway, and
  // on SQLite a crowd of waiting writers spends its time in the busy handler's sleeps.
  private queue: Promise<unknown> = Promise.resolve();
  private failedUntilMs = 0;

  constructor(
    @inject(Database) private readonly db: Knex,
    @inject(AdmissionLimits) private readonly limits: AdmissionLimits,
  ) {}

  admit(request: Request, now: Date): Promise<AdmissionDecision> {
    const decision = this.queue.then(() => this.decideWithin(request, now.getTime()));
    this.queue = decision.catch(() => undefined);
    return decision;
  }

  /** One decision, bounded from the moment it reaches the store (not while it queues) by the store's progress. */
  private async decideWithin(request: Request, nowMs: number): Promise<AdmissionDecision> {
    // After a failure, the decisions already queued behind it fail at once instead of each waiting out the deadline.
    if (Date.now() < this.failedUntilMs) throw new AppError('SCAN_UNAVAILABLE', 'the admission store failed just now');
    const progress = this.watchProgress();
    let abandoned = false;
    try {
      for (;;) {
        const attempt = this.decide(request, nowMs, () => abandoned).then(
          (decision) => ({ decision }),
          (error: unknown) => ({ error }),
        );
        const outcome = await Promise.race([attempt, progress.stalled]);
        if ('decision' in outcome) return outcome.decision;
        // SQLite's busy handler sleeps while another process takes the write lock back-to-back, so a
        // decision can wait out the busy timeout behind a store that is busy, not broken. Whether it is
        // broken is the watch's call (no progress for the deadline): until then, ask for the lock again.
        if (!isLockTimeout(outcome.error)) throw new AppError('SCAN_UNAVAILABLE', 'the admission store failed', {}, { cause: outcome.error });
      }
    } catch (error) {
      abandoned = true;
      this.failedUntilMs = Date.now() + ADMISSION_DEADLINE_MS;
      throw error;
    } finally {
      progress.stop();
    }
  }

  /**
   * `stalled` rejects with SCAN_UNAVAILABLE once the committed admission_lock.decisions counter has
   * not moved for ADMISSION_DEADLINE_MS (or after ADMISSION_MAX_WAIT_MS in all).
   */
  private watchProgress(): { stalled: Promise<never>; stop(): void } {
    // Progress is read through another pool connection: readers wait for no lock (WAL on SQLite,
    // MVCC on PostgreSQL) and see only commits, so a holder that is stuck, or an update it never
    // commits, counts as no progress. Only an answered read can move the deadline, so a read that
    // hangs counts as no progress too; at most two reads are in flight (the poll and a last look).
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let seen: string | undefined;
    const startedMs = Date.now();
    const stalled = new Promise<never>((_, reject) => {
      const giveUp = () => {
        stopped = true;
        reject(new AppError('SCAN_UNAVAILABLE', 'the admission store made no progress in time'));
      };
      const armFrom = (progressMs: number) => {
        clearTimeout(timer);
        const lastChanceMs = startedMs + ADMISSION_MAX_WAIT_MS;
        const atMs = Math.min(progressMs + ADMISSION_DEADLINE_MS, lastChanceMs);
        timer = setTimeout(() => {
          if (atMs >= lastChanceMs) return giveUp();
          // A busy process runs this timer late, and with it the polls: look once more before
          // calling the store stuck, so that only an answered read showing no progress (or none
          // answered within a poll) refuses.
          void Promise.race([this.committedDecisions(), sleep(PROGRESS_POLL_MS).then(() => undefined)]).then((decisions) => {
            if (stopped) return;
            if (decisions !== undefined && seen !== undefined && decisions !== seen) {
              seen = decisions;
              armFrom(Date.now());
            } else giveUp();
          });
        }, atMs - Date.now());
      };
      armFrom(startedMs);
      void (async () => {
        while (!stopped) {
          await sleep(PROGRESS_POLL_MS);
          if (stopped) return;
          const readMs = Date.now();
          const decisions = await this.committedDecisions();
          if (stopped) return;
          if (decisions !== undefined && seen !== undefined && decisions !== seen) armFrom(readMs);
          seen = decisions ?? seen;
        }
      })();
    });
    stalled.catch(() => undefined);
    return {
      stalled,
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /** The committed decision counter, or undefined when the store cannot read it. */
  private committedDecisions(): Promise<string | undefined> {
    return this.db('admission_lock')
      .where({ id: 1 })
      .first('decisions')
      .then(
        (row: { decisions: number | string } | undefined) => (row === undefined ? undefined : String(row.decisions)),
        () => undefined,
      );
  }

  private decide({ clientId, domain }: Request, nowMs: number, abandoned: () => boolean): Promise<AdmissionDecision> {
    return this.db.transaction(async (trx) => {
      await trx('admission_lock').where({ id: 1 }).increment('decisions', 1);
      await trx('scan_admissions')
        .where('admitted_at_ms', '<=', nowMs - HOUR_MS)
        .delete();
      const windows: Array<{ limit: 'client' | 'domain' | 'global'; max: number; windowMs: number; where: Record<string, string> }> = [
        { limit: 'global', max: this.limits.globalPerMinute, windowMs: MINUTE_MS, where: {} },
        { limit: 'domain', max: this.limits.perDomainPerHour, windowMs: HOUR_MS, where: { domain } },
        { limit: 'client', max: this.limits.perClientPerHour, windowMs: HOUR_MS, where: { client_id: clientId } },
      ];
      for (const w of windows) {
        const times = (await trx('scan_admissions')
          .where(w.where)
          .andWhere('admitted_at_ms', '>', nowMs - w.windowMs)
          .orderBy('admitted_at_ms', 'desc')
          .limit(w.max)
          .pluck('admitted_at_ms')) as Array<number | string>;
        if (times.length >= w.max) {
          // The oldest of the last `max` admissions must leave the window before another fits. Another
          // instance may have admitted a few milliseconds after this decision's `nowMs` (it took
          // the lock first), so the wait is capped at the window itself.
          const frees = Number(times[w.max - 1]) + w.windowMs;
          const waitSeconds = Math.min(w.windowMs / 1000, Math.ceil((frees - nowMs) / 1000));
          return { admitted: false, limit: w.limit, retryAfterSeconds: Math.max(1, waitSeconds) };
        }
      }
      // A decision already refused for want of progress may get the lock later: it must not spend budget then.
      if (abandoned()) throw new Error('the decision was refused while it waited for the lock');
      await trx('scan_admissions').insert({ client_id: clientId.slice(0, 64), domain, admitted_at_ms: nowMs });
      return { admitted: true };
    });
  }
}
