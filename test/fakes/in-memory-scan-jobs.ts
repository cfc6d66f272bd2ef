import type { ScanJobRepository, ScanJobUpdate } from '../../src/application/ports/scan-job-repository.js';
import type { ScanJob } from '../../src/domain/scan/scan-job.js';

export class InMemoryScanJobRepository implements ScanJobRepository {
  readonly jobs = new Map<string, ScanJob>();

  async create(job: ScanJob): Promise<void> {
    this.jobs.set(job.id, job);
  }
  async find(id: string): Promise<ScanJob | undefined> {
    return this.jobs.get(id);
  }
  async update(id: string, change: ScanJobUpdate): Promise<void> {
    const job = this.jobs.get(id);
    if (job) this.jobs.set(id, { ...job, ...change });
  }
}
