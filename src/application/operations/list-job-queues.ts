import { inject, injectable } from 'inversify';
import { JobQueue, type QueueCounts } from '../ports/job-queue.js';

/** `vetted jobs`: each queue with its waiting, active, failed and completed jobs. */
@injectable()
export class ListJobQueues {
  constructor(@inject(JobQueue) private readonly queue: JobQueue) {}

  async run(): Promise<QueueCounts[]> {
    await this.queue.start();
    try {
      return await this.queue.counts();
    } finally {
      await this.queue.stop({ graceful: false });
    }
  }
}
