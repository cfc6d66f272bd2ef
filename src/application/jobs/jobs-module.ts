import { ContainerModule } from 'inversify';
import { CdnPurgeHandler } from './cdn-purge-jobs.js';
import { JOB_HANDLER, type JobKindHandler } from './job-kind-handler.js';
import { JobWorkers } from './job-workers.js';
import { ObservationsFirstHandler, ObservationsRefreshHandler, ObservationsSweepHandler } from './observation-jobs.js';
import { OwnershipCheckHandler } from './ownership-jobs.js';
import { ProofRecheckHandler, ProofSweepHandler } from './proof-jobs.js';
import { ScanRunHandler } from './scan-jobs.js';
import { EventsDetectHandler, EventsSweepHandler, WebhookDeliverHandler } from './watch-jobs.js';

/** The job handlers, one per kind (a new kind: its payload in JOB_PAYLOADS, its handler class, one line here), and the worker that runs them. */
export const jobsModule = new ContainerModule(({ bind }) => {
  bind<JobKindHandler>(JOB_HANDLER).to(ScanRunHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(ProofRecheckHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(ProofSweepHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(ObservationsRefreshHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(ObservationsSweepHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(ObservationsFirstHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(EventsDetectHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(EventsSweepHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(WebhookDeliverHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(OwnershipCheckHandler);
  bind<JobKindHandler>(JOB_HANDLER).to(CdnPurgeHandler);
  bind(JobWorkers).toSelf();
});
