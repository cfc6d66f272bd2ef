import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ObservationClaim, ObservationClaims } from '../../application/ports/observation-claims.js';
import { Database } from './create-knex.js';
import { rowsOf } from './raw-rows.js';

/** How long a minute's count and a day-old claim are kept once a new minute starts. */
const KEEP_BUDGET_MS = 3_600_000;
const KEEP_CLAIMS_MS = 2 * 86_400_000;

/**
 * First-look claims in `observation_claims` and the shared per-minute budget in
 * `observation_budget`, in one transaction: the claim is taken (an upsert that only replaces a
 * claim older than the claim period), then counted against the minute's budget; a spent budget
 * rolls the claim back, so it writes nothing.
 */
@injectable()
export class KnexObservationClaims implements ObservationClaims {
  constructor(@inject(Database) private readonly db: Knex) {}

  async claim(zone: string, now: Date, options: { readonly perMinute: number; readonly claimSeconds: number }): Promise<ObservationClaim> {
    if (options.perMinute <= 0) return { outcome: 'budget' };
    const at = now.toISOString();
    const before = new Date(now.getTime() - options.claimSeconds * 1000).toISOString();
    const minute = at.slice(0, 16);
    return this.db
      .transaction(async (trx): Promise<ObservationClaim> => {
        const claimed = rowsOf(
          await trx.raw(
            `INSERT INTO observation_claims (zone, claimed_at) VALUES (?, ?)
           ON CONFLICT (zone) DO UPDATE SET claimed_at = excluded.claimed_at WHERE observation_claims.claimed_at <= ?
           RETURNING claimed_at`,
            [zone, at, before],
          ),
        );
        if (claimed.length === 0) {
          const row = await trx('observation_claims').where({ zone }).first('claimed_at');
          return { outcome: 'taken', claimedAt: String(row?.claimed_at ?? at) };
        }
        const counted = rowsOf(
          await trx.raw(
            `INSERT INTO observation_budget (minute, used) VALUES (?, 1)
           ON CONFLICT (minute) DO UPDATE SET used = observation_budget.used + 1 WHERE observation_budget.used < ?
           RETURNING used`,
            [minute, options.perMinute],
          ),
        );
        // Thrown so that the transaction rolls the claim back.
        if (counted.length === 0) throw SPENT;
        // The minute's first claim clears what no claim needs any more: one delete a minute at most.
        if (Number(counted[0]!.used) === 1) {
          await trx('observation_budget')
            .where('minute', '<', new Date(now.getTime() - KEEP_BUDGET_MS).toISOString().slice(0, 16))
            .delete();
          await trx('observation_claims')
            .where('claimed_at', '<', new Date(now.getTime() - KEEP_CLAIMS_MS).toISOString())
            .delete();
        }
        return { outcome: 'claimed', claimedAt: at };
      })
      .catch((error: unknown): ObservationClaim => {
        if (error === SPENT) return { outcome: 'budget' };
        throw error;
      });
  }

  async release(zone: string): Promise<void> {
    await this.db('observation_claims').where({ zone }).delete();
  }
}

const SPENT = Symbol('spent');
