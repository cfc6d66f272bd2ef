import type { AppConfig } from '../../src/application/ports/app-config.js';
import type { Clock } from '../../src/application/ports/clock.js';
import { BrandOwnership } from '../../src/application/trust/brand-ownership.js';
import { CheckBrandOwnership } from '../../src/application/trust/check-brand-ownership.js';
import { OwnershipCache } from '../../src/application/trust/ownership-cache.js';
import { OwnershipLooks } from '../../src/application/trust/ownership-looks.js';
import { FirstObservations } from '../../src/application/trust/first-observations.js';
import { InMemoryObservationClaims } from '../fakes/in-memory-observation-claims.js';
import { FakeOwnershipProbe } from '../fakes/fake-ownership-probe.js';
import { SystemTimers } from '../../src/adapters/clock/system-timers.js';
import { ImmediateJobQueue } from '../fakes/immediate-job-queue.js';
import { InMemoryOwnershipEvidenceStore } from '../fakes/in-memory-ownership-evidence-store.js';
import { RecordingLogger } from '../fakes/recording-logger.js';

/** BrandOwnership and the ownership.check job use case over fakes, with the fakes to set and inspect. */
export interface OwnershipParts {
  readonly ownership: BrandOwnership;
  readonly check: CheckBrandOwnership;
  readonly looks: OwnershipLooks;
  readonly store: InMemoryOwnershipEvidenceStore;
  readonly probe: FakeOwnershipProbe;
  readonly queue: ImmediateJobQueue;
  readonly cache: OwnershipCache;
  readonly logger: RecordingLogger;
}

export function ownershipParts(clock: Clock, config: Pick<AppConfig, 'extraBrandDomains'> = { extraBrandDomains: [] }): OwnershipParts {
  const store = new InMemoryOwnershipEvidenceStore();
  const probe = new FakeOwnershipProbe();
  const queue = new ImmediateJobQueue();
  const cache = new OwnershipCache(clock);
  const logger = new RecordingLogger();
  const looks = new OwnershipLooks(store, cache, probe, config, new SystemTimers());
  return {
    ownership: new BrandOwnership(store, cache, looks, queue, logger, firstObservations(queue)),
    check: new CheckBrandOwnership(store, looks, clock),
    looks,
    store,
    probe,
    queue,
    cache,
    logger,
  };
}

/** FirstObservations over fakes: claims in memory, looks queued on `queue` (run only where a test makes it work them). */
export function firstObservations(
  queue = new ImmediateJobQueue(),
  config: Pick<AppConfig, 'observeLimitPerMinute' | 'refreshObservations'> = { observeLimitPerMinute: 600, refreshObservations: true },
): FirstObservations {
  return new FirstObservations(new InMemoryObservationClaims(), queue, config, new RecordingLogger());
}
