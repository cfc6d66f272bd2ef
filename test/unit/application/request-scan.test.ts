import { expect } from 'chai';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { AwaitScan } from '../../../src/application/scan/await-scan.js';
import { RequestScan } from '../../../src/application/scan/request-scan.js';
import { RunScanJob } from '../../../src/application/scan/run-scan-job.js';
import { ScanSite } from '../../../src/application/scan/scan-site.js';
import { SubmitScan } from '../../../src/application/scan/submit-scan.js';
import { reportIdOfScan } from '../../../src/domain/scan/scan-job.js';
import { PROBES } from '../../../src/domain/scan/probes.js';
import { FakeReportSigner } from '../../fakes/fake-report-signer.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryReportRepository } from '../../fakes/in-memory-report-repository.js';
import { ImmediateJobQueue } from '../../fakes/immediate-job-queue.js';
import { InMemoryScanAdmission } from '../../fakes/in-memory-scan-admission.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { InMemoryScanJobRepository } from '../../fakes/in-memory-scan-jobs.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { rejection } from '../../support/rejection.js';
import type { ObserveCounterparty } from '../../../src/application/counterparty/observe-counterparty.js';

// Observed destinations are observe-counterparty's concern: here a scan records none.
const NO_OBSERVED = { run: async () => undefined } as unknown as ObserveCounterparty;

describe('RequestScan', () => {
  let clock: FixedClock;
  let fetcher: FakeSiteFetcher;
  let reports: InMemoryReportRepository;
  let admission: InMemoryScanAdmission;
  let requestScan: RequestScan;
  let jobs: InMemoryScanJobRepository;
  let queue: ImmediateJobQueue;
  let submit: SubmitScan;
  let runScanJob: RunScanJob;
  let awaitScan: AwaitScan;

  beforeEach(() => {
    clock = new FixedClock('2026-09-10T00:00:00.000Z');
    fetcher = new FakeSiteFetcher();
    reports = new InMemoryReportRepository();
    admission = new InMemoryScanAdmission({ perClientPerHour: 10, perDomainPerHour: 2, globalPerMinute: 120 });
    const scanSite = new ScanSite(fetcher, reports, new FakeReportSigner(), new SequentialTokens(), clock, new SystemTimers(), NO_OBSERVED);
    jobs = new InMemoryScanJobRepository();
    queue = new ImmediateJobQueue();
    runScanJob = new RunScanJob(jobs, scanSite, reports, new RegistryReadCache(clock), clock, new RecordingLogger());
    void queue.work('scan.run', { concurrency: 1 }, (job) => runScanJob.run(job.data.scanId, { lastTry: true }));
    submit = new SubmitScan(admission, reports, jobs, queue, runScanJob, new SequentialTokens(), clock, { scanLeaseSeconds: 60 });
    awaitScan = new AwaitScan(jobs, reports, clock, new SystemTimers());
    requestScan = new RequestScan(submit, awaitScan);
  });

  it('refuses a malformed domain before fetching anything', async () => {
    const error = await rejection(requestScan.run({ domain: 'http://127.0.0.1/', clientId: 'c', allowReuse: false }));
    expect(error.code).to.equal('VALIDATION_ERROR');
    expect(fetcher.requests).to.deep.equal([]);
    expect(admission.calls).to.equal(0);
  });

  it('reuses a report under ten minutes old when allowed, spending no budget', async () => {
    const first = await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: true });
    expect(first).to.deep.include({ reused: false, ageSeconds: 0 });
    clock.advance(599);
    const again = await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: true });
    expect(again).to.deep.include({ reused: true, ageSeconds: 599 });
    expect(again.stored.report.id).to.equal(first.stored.report.id);
    expect(admission.calls).to.equal(1);
    clock.advance(1);
    expect((await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: true })).reused).to.equal(false);
  });

  it('never reuses when the caller asks for a fresh scan, or under another methodology', async () => {
    await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false });
    expect((await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false })).reused).to.equal(false);
    const old = reports.saved[0]!;
    await reports.save({ ...old, report: { ...old.report, id: 'rpt_old', domain: 'b.example.com' as never, methodologyVersion: '2025-01-01.1' } });
    const fresh = await requestScan.run({ domain: 'b.example.com', clientId: 'c', allowReuse: true });
    expect(fresh.reused).to.equal(false);
    expect(fresh.stored.report.id).not.to.equal('rpt_old');
  });

  it('refuses a spent budget with RATE_LIMITED and its retry delay, fetching and storing nothing', async () => {
    await requestScan.run({ domain: 'a.example.com', clientId: 'c1', allowReuse: false });
    await requestScan.run({ domain: 'a.example.com', clientId: 'c2', allowReuse: false });
    const fetched = fetcher.requests.length;
    clock.advance(100);
    const error = await rejection(requestScan.run({ domain: 'a.example.com', clientId: 'c3', allowReuse: false }));
    expect(error.code).to.equal('RATE_LIMITED');
    expect(error.details.retryAfterSeconds).to.equal(3500);
    expect(error.message).to.contain('retry after 3500 seconds');
    expect(fetcher.requests.length).to.equal(fetched);
    expect(reports.saved).to.have.length(2);
  });

  it('fails closed while the admission store is down, then cools off before asking it again', async () => {
    admission.broken = true;
    const error = await rejection(requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false }));
    expect(error.code).to.equal('SCAN_UNAVAILABLE');
    expect(error.details.retryAfterSeconds).to.equal(30);
    expect(fetcher.requests).to.have.length(0);
    admission.broken = false;
    clock.advance(10);
    const during = await rejection(requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false }));
    expect(during.code).to.equal('SCAN_UNAVAILABLE');
    expect(during.details.retryAfterSeconds).to.equal(20);
    expect(admission.calls).to.equal(1);
    clock.advance(20);
    expect((await requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false })).reused).to.equal(false);
  });

  it('queues a fresh scan as a job that any worker runs, and reports its probes as they finish', async () => {
    const ticket = await submit.run({ domain: 'q.example.com', clientId: 'c', allowReuse: false });
    expect(ticket.kind).to.equal('queued');
    const scanId = ticket.kind === 'queued' ? ticket.scanId : '';
    expect(queue.enqueued).to.deep.equal([{ kind: 'scan.run', data: { scanId }, options: { leaseSeconds: 60, retryLimit: 2 } }]);
    const { job, outcome } = await awaitScan.run(scanId, 5000);
    expect(job.state).to.equal('done');
    expect(job.probes).to.have.length(PROBES.length + 1); // no homepage answers, so no legal page follows
    expect(job.reportId).to.equal(reportIdOfScan(scanId));
    expect(outcome!.stored.report.id).to.equal(job.reportId);
    expect(outcome!.readiness.reportId).to.equal(job.reportId);
  });

  it('finishes a job retried after a crash with the report its first try stored, never a second one', async () => {
    const ticket = await submit.run({ domain: 'r.example.com', clientId: 'c', allowReuse: false });
    const scanId = ticket.kind === 'queued' ? ticket.scanId : '';
    await awaitScan.run(scanId, 5000);
    // As if the worker died after storing the report but before marking the job done.
    await jobs.update(scanId, { state: 'running', updatedAt: clock.now().toISOString() });
    await jobs.update(scanId, { probes: [], updatedAt: clock.now().toISOString() });
    await runScanJob.run(scanId);
    expect(reports.saved).to.have.length(1);
    const job = (await jobs.find(scanId))!;
    expect(job.state).to.equal('done');
    expect(
      job.probes.map((p) => p.probe),
      'the probe list comes back from the stored evidence',
    ).to.deep.equal(reports.saved[0]!.report.evidence.map((e) => e.probe));
  });

  it('answers a job still going as pending to a caller that does not wait, and SCAN_UNAVAILABLE to one that wanted the report', async () => {
    const progress = await requestScan.start({ domain: 'p.example.com', clientId: 'c', allowReuse: false }, 0);
    if (progress.kind !== 'pending') throw new Error('expected the job still queued');
    expect(progress.status.job.state).to.equal('queued');
    expect(progress.status.outcome).to.equal(undefined);
    expect((await awaitScan.run(progress.status.job.id, 5000)).job.state).to.equal('done');
    const error = await rejection(requestScan.run({ domain: 'p2.example.com', clientId: 'c', allowReuse: false }, 0));
    expect(error.code).to.equal('SCAN_UNAVAILABLE');
    expect(error.details.scan_id).to.match(/^scn_/);
    await awaitScan.run(String(error.details.scan_id), 5000);
  });

  it('fails closed with SCAN_UNAVAILABLE when the queue store cannot take the job', async () => {
    queue.failWith = new Error('connection refused');
    const error = await rejection(requestScan.run({ domain: 'a.example.com', clientId: 'c', allowReuse: false }));
    expect(error.code).to.equal('SCAN_UNAVAILABLE');
    expect(error.details.retryAfterSeconds).to.equal(30);
    expect(fetcher.requests).to.have.length(0);
  });
});
