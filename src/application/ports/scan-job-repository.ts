import type { ScanJob } from '../../domain/scan/scan-job.js';

/** What a worker changes on a scan job as it goes. */
export type ScanJobUpdate = Partial<Pick<ScanJob, 'state' | 'probes' | 'reportId' | 'errorCode' | 'errorMessage'>> & { readonly updatedAt: string };

/**
 * Scan jobs: what a progress page and `GET /api/scans/{id}` read while a worker, in any instance,
 * runs the scan. Adapters: KnexScanJobRepository. Fake: InMemoryScanJobRepository.
 */
export interface ScanJobRepository {
  create(job: ScanJob): Promise<void>;
  /** The job, or undefined for an unknown id. */
  find(id: string): Promise<ScanJob | undefined>;
  update(id: string, change: ScanJobUpdate): Promise<void>;
}
export const ScanJobRepository = Symbol('ScanJobRepository');
