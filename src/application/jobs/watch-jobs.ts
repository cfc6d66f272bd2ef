import { inject, injectable } from 'inversify';
import type { Job, JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { DeliverWebhooks } from '../watches/deliver-webhooks.js';
import { DetectEvents } from '../watches/detect-events.js';
import type { JobKindHandler, JobSchedule } from './job-kind-handler.js';

/** How often every watched domain is looked at again (one tick for all instances). */
export const WATCH_SWEEP_SECONDS = 60;

/** `events.detect`: turns the registry writes not processed yet into events and deliveries. */
@injectable()
export class EventsDetectHandler implements JobKindHandler<'events.detect'> {
  readonly kind = 'events.detect';
  readonly concurrency = 1;

  constructor(
    @inject(DetectEvents) private readonly detectEvents: DetectEvents,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(_data: JobData['events.detect'], job: Job<'events.detect'>): Promise<void> {
    const watches = await this.detectEvents.detect();
    if (watches > 0) this.logger.info({ watches, jobId: job.id }, 'events announced');
  }
}

/** `events.sweep`, every minute: catches what time alone changes (expiry, staleness) and any delivery whose job was lost. */
@injectable()
export class EventsSweepHandler implements JobKindHandler<'events.sweep'> {
  readonly kind = 'events.sweep';
  readonly concurrency = 1;
  readonly schedule: JobSchedule<'events.sweep'> = { everySeconds: WATCH_SWEEP_SECONDS, data: {} };

  constructor(@inject(DetectEvents) private readonly detectEvents: DetectEvents) {}

  async handle(): Promise<void> {
    await this.detectEvents.sweep();
  }
}

/** `webhook.deliver`: one watch's delivery turn, four watches at a time. */
@injectable()
export class WebhookDeliverHandler implements JobKindHandler<'webhook.deliver'> {
  readonly kind = 'webhook.deliver';
  readonly concurrency = 4;

  constructor(@inject(DeliverWebhooks) private readonly deliverWebhooks: DeliverWebhooks) {}

  async handle(data: JobData['webhook.deliver']): Promise<void> {
    await this.deliverWebhooks.run(data.watchId);
  }
}
