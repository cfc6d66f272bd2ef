import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { applyChange, rejudge, type WatchProjection } from '../../domain/events/projection.js';
import type { EventDraft } from '../../domain/events/watched-state.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { WatchRepository } from '../ports/watch-repository.js';
import { WebhookOutbox, type NewEvent, type ProjectionStep } from '../ports/webhook-outbox.js';
import { eventPayload } from '../views/watch-view.js';

/** Writes applied in one transaction at most. */
const BATCH = 200;
/** Watches a sweep hands to webhook.deliver at most. */
const SWEEP_DELIVERIES = 1000;
/** Processed writes are kept this long, then pruned by the sweep. */
const KEEP_CHANGES_MS = 24 * 3600 * 1000;

/**
 * Turns registry writes into events, exactly once per write across every instance: the triggers
 * record each write in its writer's transaction; an events.detect job applies the unprocessed
 * ones, oldest first and under one lock, to every watched domain's projection, judging the domain
 * at each write's instant, so a block lifted a moment later is two events. The change feed asks
 * for the job (any instance may; a job with nothing to do does nothing) and a sweep each minute
 * judges every projection again for what time alone changes (an expiry, a report going stale).
 */
@injectable()
export class DetectEvents {
  constructor(
    @inject(WatchRepository) private readonly watches: WatchRepository,
    @inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Applies every unprocessed write, then asks for the deliveries it made. Returns how many watches got deliveries. */
  async detect(): Promise<number> {
    const given = new Set<string>();
    for (;;) {
      const { processed, watchIds } = await this.outbox.applyChanges(
        BATCH,
        (domain, projection, change) => this.step(domain, applyChange(domain as DomainName, projection, change), change.at),
        () => this.deliveryId(),
      );
      for (const id of watchIds) given.add(id);
      if (processed < BATCH) break;
    }
    for (const watchId of given) await this.queue.enqueue('webhook.deliver', { watchId });
    return given.size;
  }

  /** The change feed reported `names` written: when a watched domain is among them or under one, asks for a detect job. */
  async changed(names: readonly string[]): Promise<void> {
    if ((await this.watches.watchedUnder(names)).length > 0) await this.queue.enqueue('events.detect', {});
  }

  /** The scheduled sweep: writes not applied yet, what time alone changed, due deliveries, and old writes pruned. */
  async sweep(): Promise<void> {
    await this.queue.enqueue('events.detect', {});
    const now = this.clock.now();
    const judged = await this.outbox.rejudgeAll(
      (domain, projection) => this.step(domain, rejudge(domain as DomainName, projection, now), now.toISOString()),
      () => this.deliveryId(),
    );
    const due = await this.outbox.dueWatches(now.toISOString(), SWEEP_DELIVERIES);
    for (const watchId of new Set([...judged, ...due])) await this.queue.enqueue('webhook.deliver', { watchId });
    const pruned = await this.outbox.pruneChanges(new Date(now.getTime() - KEEP_CHANGES_MS).toISOString());
    if (judged.length > 0 || due.length > 0 || pruned > 0) this.logger.debug({ judged: judged.length, due: due.length, pruned }, 'watch sweep');
  }

  /** Dates, numbers and words the events of a step, with links to the evidence. */
  private step(domain: string, step: { projection: WatchProjection; events: EventDraft[] }, at: string): ProjectionStep {
    const events: NewEvent[] = step.events.map((draft) => {
      const id = `evt_${this.random.token(16)}`;
      return { id, type: draft.type, createdAt: at, payload: eventPayload(draft, id, domain, at, this.config.baseUrl, step.projection.state.reportId) };
    });
    return { projection: step.projection, events };
  }

  private deliveryId(): string {
    return `msg_${this.random.token(16)}`;
  }
}
