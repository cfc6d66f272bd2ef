import type { Container } from 'inversify';
import type { AppConfig } from './application/ports/app-config.js';
import { JobQueue } from './application/ports/job-queue.js';
import { Logger } from './application/ports/logger.js';
import { RecheckProofs } from './application/registration/recheck-proofs.js';
import { SweepDueProofs } from './application/registration/sweep-due-proofs.js';
import { RunScanJob } from './application/scan/run-scan-job.js';
import { SCAN_JOB_RETRIES } from './application/scan/submit-scan.js';
import { OWNERSHIP_JOB_RETRIES } from './application/trust/brand-ownership.js';
import { CheckBrandOwnership } from './application/trust/check-brand-ownership.js';
import { RefreshObservations } from './application/trust/refresh-observations.js';
import { SweepDueObservations } from './application/trust/sweep-due-observations.js';
import { DeliverWebhooks } from './application/watches/deliver-webhooks.js';
import { DetectEvents } from './application/watches/detect-events.js';

/** How often every watched domain is looked at again (one tick for all instances). */
const WATCH_SWEEP_SECONDS = 60;

/**
 * Makes this process a worker: it takes scan jobs (WORKER_CONCURRENCY at a time), proof re-check
 * and observation refresh batches, ownership checks of lookalike names, and the scheduled sweeps, which the queue enqueues once per tick
 * for all instances.
 */
export async function startWorkers(container: Container, config: AppConfig): Promise<void> {
  const queue = container.get<JobQueue>(JobQueue);
  const logger = container.get<Logger>(Logger);
  await queue.work('scan.run', { concurrency: config.workerConcurrency }, (job) =>
    container.get(RunScanJob).run(job.data.scanId, { lastTry: job.retryCount >= SCAN_JOB_RETRIES }),
  );
  await queue.work('proof.recheck', { concurrency: 1 }, async (job) => {
    const summary = await container.get(RecheckProofs).checkClaimed(job.data.entityIds);
    logger.info({ ...summary, jobId: job.id }, 'proof re-check batch done');
  });
  await queue.work('proof.sweep', { concurrency: 1 }, async () => {
    const handedOut = await container.get(SweepDueProofs).run();
    if (handedOut > 0) logger.info({ handedOut }, 'due proofs handed out');
  });
  await queue.work('observations.refresh', { concurrency: 1 }, async (job) => {
    const summary = await container.get(RefreshObservations).refreshClaimed(job.data.domains);
    logger.info({ ...summary, jobId: job.id }, 'observation refresh batch done');
  });
  await queue.work('observations.sweep', { concurrency: 1 }, async () => {
    const handedOut = await container.get(SweepDueObservations).run();
    if (handedOut > 0) logger.info({ handedOut }, 'due observation refreshes handed out');
  });
  await queue.work('events.detect', { concurrency: 1 }, async (job) => {
    const watches = await container.get(DetectEvents).detect();
    if (watches > 0) logger.info({ watches, jobId: job.id }, 'events announced');
  });
  await queue.work('events.sweep', { concurrency: 1 }, () => container.get(DetectEvents).sweep());
  await queue.work('webhook.deliver', { concurrency: 4 }, (job) => container.get(DeliverWebhooks).run(job.data.watchId));
  await queue.work('ownership.check', { concurrency: 2 }, async (job) => {
    const check = await container.get(CheckBrandOwnership).run(job.data.domain, job.data.lookalikeOf, { lastTry: job.retryCount >= OWNERSHIP_JOB_RETRIES });
    if (check) logger.info({ domain: check.domain, brand: check.brand, evidence: check.evidence.map((e) => e.kind), jobId: job.id }, 'ownership checked');
  });
  // Catches what time alone changes (expiry, staleness) and any delivery whose job was lost.
  await queue.schedule('events.sweep', WATCH_SWEEP_SECONDS, {});
  if (config.recheckIntervalMinutes > 0) {
    await queue.schedule('proof.sweep', config.recheckIntervalMinutes * 60, {});
    if (config.refreshObservations) await queue.schedule('observations.sweep', config.recheckIntervalMinutes * 60, {});
  }
}
