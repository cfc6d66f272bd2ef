import type { ObservationClaim, ObservationClaims } from '../../src/application/ports/observation-claims.js';

/** First-look claims and the per-minute budget in two maps; behaves like KnexObservationClaims. */
export class InMemoryObservationClaims implements ObservationClaims {
  readonly claims = new Map<string, string>();
  readonly budget = new Map<string, number>();

  async claim(zone: string, now: Date, options: { readonly perMinute: number; readonly claimSeconds: number }): Promise<ObservationClaim> {
    const at = now.toISOString();
    const held = this.claims.get(zone);
    if (held !== undefined && held > new Date(now.getTime() - options.claimSeconds * 1000).toISOString()) return { outcome: 'taken', claimedAt: held };
    const minute = at.slice(0, 16);
    const used = this.budget.get(minute) ?? 0;
    if (used >= options.perMinute) return { outcome: 'budget' };
    this.budget.set(minute, used + 1);
    this.claims.set(zone, at);
    return { outcome: 'claimed', claimedAt: at };
  }

  async release(zone: string): Promise<void> {
    this.claims.delete(zone);
  }
}
