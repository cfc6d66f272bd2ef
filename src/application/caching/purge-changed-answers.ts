import { inject, injectable, optional } from 'inversify';
import { CdnPurge } from '../ports/cdn-purge.js';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { PurgeBacklog } from '../ports/purge-backlog.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { surrogateKeyOf } from '../views/answer-caching.js';

/** Writes claimed (and their keys sent in one request) at most per batch. */
export const PURGE_BATCH = 500;
/** How long a claim holds: well past the purge request's own timeout, so a live purger never loses it. */
const PURGE_CLAIM_SECONDS = 60;

/**
 * Drops from the shared caches (CdnPurge: a CDN, a Varnish) the verify answers a registry write may
 * have changed, once per write across every instance: the change triggers record each write in
 * `registry_changes` in its writer's transaction (whoever writes: an instance, a worker, the CLI),
 * and a `cdn.purge` job claims the writes not purged yet (PurgeBacklog: one claimer per write), sends
 * the registrable domains they name in one request per batch (the Surrogate-Key of the answers
 * about them, deduplicated), and records them purged. A refused purge gives its writes back and
 * fails the try, so the queue retries it; the change feed asks for the job on every instance (a job
 * with nothing to claim does nothing) and a schedule each minute catches the rest. Without a
 * CdnPurge bound (no CDN_PURGE_URL) nothing is queued or claimed.
 */
@injectable()
export class PurgeChangedAnswers {
  constructor(
    @inject(PurgeBacklog) private readonly backlog: PurgeBacklog,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(CdnPurge) @optional() private readonly cdn?: CdnPurge,
  ) {}

  /** Whether a purge endpoint is configured. */
  get enabled(): boolean {
    return this.cdn !== undefined;
  }

  /** The change feed reported writes (or may have missed some): asks for a cdn.purge job. */
  async changed(): Promise<void> {
    if (this.cdn) await this.queue.enqueue('cdn.purge', {});
  }

  /** The cdn.purge job: purges every write owed, a batch at a time. Returns how many keys were purged; throws when the endpoint refuses. */
  async run(): Promise<number> {
    const cdn = this.cdn;
    if (!cdn) return 0;
    let purged = 0;
    for (;;) {
      const owner = this.random.token(16);
      const names = await this.backlog.claim(owner, this.clock.now(), PURGE_CLAIM_SECONDS, PURGE_BATCH);
      if (names.length === 0) return purged;
      const keys = [...new Set(names.map(surrogateKeyOf))];
      try {
        await cdn.purge(keys);
      } catch (error) {
        await this.backlog
          .release(owner)
          .catch((releaseError: unknown) =>
            this.logger.warn({ error: (releaseError as Error).message }, 'could not give back unpurged writes; their claim lapses'),
          );
        throw error;
      }
      await this.backlog.settle(owner, this.clock.now());
      purged += keys.length;
      this.logger.debug({ writes: names.length, keys: keys.slice(0, 20), count: keys.length }, 'shared caches purged');
      if (names.length < PURGE_BATCH) return purged;
    }
  }
}
