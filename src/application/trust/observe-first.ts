import { inject, injectable } from 'inversify';
import { parseDomainName } from '../../domain/domain-name.js';
import { Clock } from '../ports/clock.js';
import { TrustObservationStore, type ObservationKind } from '../ports/trust-observation-store.js';
import { SCORE_SECONDS } from './assess-trust.js';
import { FIRST_LOOK_DEADLINE_MS } from './first-observations.js';
import { isFailedObservation, LiveObservations } from './live-observations.js';

const KINDS: readonly ObservationKind[] = ['tls', 'domain_age', 'reputation'];

/**
 * The `observations.first` job (see FirstObservations), and what `vetted entity add`, `entity
 * import` and a confirmed registration queue for a new member: looks at every observation of
 * `domain` that is missing or too old to score, and stores what it saw, a failed look included
 * where nothing of its kind is stored, so the next answer says what failed. Resolves with the kinds
 * looked at and how many failed.
 */
@injectable()
export class ObserveFirst {
  constructor(
    @inject(TrustObservationStore) private readonly store: TrustObservationStore,
    @inject(LiveObservations) private readonly live: LiveObservations,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(input: string): Promise<{ readonly looked: readonly ObservationKind[]; readonly failed: number }> {
    const parsed = parseDomainName(input);
    if (!parsed.ok) return { looked: [], failed: 0 };
    const now = this.clock.now();
    const stored = await this.store.get(parsed.name);
    const due = KINDS.filter((kind) => {
      const o = stored[kind];
      return !o || now.getTime() - Date.parse(o.observedAt) >= SCORE_SECONDS[kind] * 1000;
    });
    const nothingGood = new Set(due.filter((kind) => !stored[kind] || isFailedObservation(stored[kind]!)));
    const seen = await this.live.look(parsed.name, new Set(due), FIRST_LOOK_DEADLINE_MS, now, nothingGood);
    return { looked: due, failed: Object.values(seen).filter((o) => isFailedObservation(o)).length };
  }
}
