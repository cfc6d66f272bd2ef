import { inject, injectable, multiInject } from 'inversify';
import { JOB_KINDS, JOB_PAYLOADS, JobQueue, type JobData, type JobKind } from '../ports/job-queue.js';
import { zodMessage } from '../input/zod-message.js';
import { JOB_HANDLER, type JobKindHandler } from './job-kind-handler.js';

/**
 * Makes this process a worker: works every job kind with the one handler bound for it (JOB_HANDLER),
 * each payload checked against its schema first, then declares the schedules, which the queue turns
 * into one job per tick for all instances. Throws at construction when a kind has no handler or two.
 */
@injectable()
export class JobWorkers {
  private readonly handlers: readonly JobKindHandler[];

  constructor(
    @inject(JobQueue) private readonly queue: JobQueue,
    @multiInject(JOB_HANDLER) handlers: readonly JobKindHandler[],
  ) {
    this.handlers = oneHandlerPerKind(handlers);
  }

  async start(): Promise<void> {
    for (const handler of this.handlers) await work(this.queue, handler);
    for (const { kind, schedule } of this.handlers) if (schedule) await this.queue.schedule(kind, schedule.everySeconds, schedule.data);
  }
}

function work<K extends JobKind>(queue: JobQueue, handler: JobKindHandler<K>): Promise<void> {
  const payload = JOB_PAYLOADS[handler.kind];
  return queue.work(handler.kind, { concurrency: handler.concurrency }, async (job) => {
    const parsed = payload.safeParse(job.data);
    // Retrying cannot mend a payload, but failing the try keeps the job visible to operators as failed.
    if (!parsed.success) throw new Error(`a ${handler.kind} job carries a payload its schema refuses: ${zodMessage(parsed.error, job.data)}`);
    await handler.handle(parsed.data as JobData[K], job);
  });
}

function oneHandlerPerKind(handlers: readonly JobKindHandler[]): readonly JobKindHandler[] {
  const kinds = handlers.map((handler) => handler.kind);
  const twice = kinds.filter((kind, index) => kinds.indexOf(kind) !== index);
  if (twice.length > 0) throw new Error(`job kinds with more than one handler bound: ${[...new Set(twice)].join(', ')}`);
  const missing = JOB_KINDS.filter((kind) => !kinds.includes(kind));
  if (missing.length > 0) throw new Error(`job kinds without a handler bound to JOB_HANDLER: ${missing.join(', ')}`);
  return handlers;
}
