import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { AppError } from '../../application/errors.js';
import { AdmissionLimits, type AdmissionDecision, type ScanAdmission } from '../../application/ports/scan-admission.js';
import type { DomainName } from '../../domain/domain-name.js';
import { Database } from './create-knex.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** An admission that the store has not decided by then is refused (fail closed). */
export const ADMISSION_DEADLINE_MS = 3_000;

/**
 * Rolling-window admission in the database. Each decision is one transaction that first updates
 * the single admission_lock row, which serializes decisions across every process sharing the
 * database (a row lock on PostgreSQL, the write lock on SQLite), then counts admissions in the
 * windows and records the new one. Windows are rolling: a budget frees up when the oldest
 * admission counted in it becomes older than the window.
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

  admit(request: { clientId: string; domain: DomainName }, now: Date): Promise<AdmissionDecision> {
    const decision = this.queue.then(() => this.decideWithin(request, now.getTime()));
    this.queue = decision.catch(() => undefined);
    return decision;
  }

  /** One decision, bounded by the deadline from the moment it reaches the store (not while it queues). */
  private decideWithin(request: { clientId: string; domain: DomainName }, nowMs: number): Promise<AdmissionDecision> {
    // After a failure, the decisions already queued behind it fail at once instead of each waiting out the deadline.
    if (Date.now() < this.failedUntilMs) return Promise.reject(new AppError('SCAN_UNAVAILABLE', 'the admission store failed just now'));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError('SCAN_UNAVAILABLE', 'the admission store did not answer in time')), ADMISSION_DEADLINE_MS);
    });
    const decision = this.decide(request, nowMs).catch((error: unknown) => {
      throw new AppError('SCAN_UNAVAILABLE', 'the admission store failed', {}, { cause: error });
    });
    return Promise.race([decision, deadline])
      .catch((error: unknown) => {
        this.failedUntilMs = Date.now() + ADMISSION_DEADLINE_MS;
        throw error;
      })
      .finally(() => clearTimeout(timer));
  }

  private decide({ clientId, domain }: { clientId: string; domain: DomainName }, nowMs: number): Promise<AdmissionDecision> {
    return this.db.transaction(async (trx) => {
      await trx('admission_lock').where({ id: 1 }).increment('decisions', 1);
      await trx('scan_admissions').where('admitted_at_ms', '<=', nowMs - HOUR_MS).delete();
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
          // The oldest of the last `max` admissions must leave the window before another fits.
          const frees = Number(times[w.max - 1]) + w.windowMs;
          return { admitted: false, limit: w.limit, retryAfterSeconds: Math.max(1, Math.ceil((frees - nowMs) / 1000)) };
        }
      }
      await trx('scan_admissions').insert({ client_id: clientId.slice(0, 64), domain, admitted_at_ms: nowMs });
      return { admitted: true };
    });
  }
}
