import { expect } from 'chai';
import type { Knex } from 'knex';
import { reportIdOfScan } from '../../src/domain/scan/scan-job.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { GOOD_SITE_PROBE_COUNT, goodSiteFiles } from '../support/good-site.js';
import { createPgDatabase, startInstance, type InstanceOptions, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { createTestCa } from '../support/test-ca.js';
import { FAST_JOBS } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const DOMAINS = ['crash-probes.example.com', 'crash-stored.example.com', 'crash-takeover.example.com'];

/** GET /api/scans/{id} on `instance`, until `done(data)`; the last answer. */
async function pollScan(instance: InstanceProcess, scanId: string, done: (data: any) => boolean, timeoutMs: number): Promise<any> {
  let last: any;
  const check = async () => {
    const res = await fetch(`${instance.url}/api/scans/${scanId}`);
    expect(res.status).to.equal(200);
    last = ((await res.json()) as any).data;
    return done(last);
  };
  await waitUntil(`scan ${scanId} reached the awaited state`, check, timeoutMs, 50).catch((error: Error) => {
    throw new Error(`${error.message}; last seen: ${JSON.stringify(last?.state)} with ${last?.probes_done?.length} probes`);
  });
  return last;
}

/** Every stored report with all of its evidence rows: as many as its summary counts, and each one its checks cite. */
async function expectWholeReports(db: Knex): Promise<void> {
  for (const row of await db('reports').select('id', 'report', 'summary')) {
    const ns = (await db('report_evidence').where({ report_id: row.id }).pluck('n')).map(Number);
    const cited = (JSON.parse(row.report).checks as { evidence: number[] }[]).flatMap((c) => c.evidence);
    expect(ns.length, `evidence rows of ${row.id}`).to.equal(JSON.parse(row.summary).evidenceCount);
    expect(
      cited.filter((n) => !ns.includes(n)),
      `evidence cited by ${row.id} but not stored`,
    ).to.deep.equal([]);
  }
}

// A serving instance (the only one working scan jobs, one at a time) is SIGKILLed while it runs a
// scan; a second instance started afterwards must take the job over once its lease ran out (pg-boss
// fails the expired job and retries it) and end it with exactly one whole report. Checked to fail
// without the mechanisms, on a copy of the tree (never the shared checkout): with SCAN_JOB_RETRIES = 0
// the expired job is not tried again and the scan stays `running` (both tests time out); with
// RunScanJob no longer looking for the report its job id implies before scanning, the second test's
// retry scans again, cannot store a second report under that id, and the scan ends `failed`.
(PG_URL ? describe : describe.skip)('a worker SIGKILLed in the middle of a scan (PostgreSQL)', function () {
  this.timeout(60_000);
  let database: PgTestDatabase;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let env: Record<string, string>;
  let options: InstanceOptions;
  const running: InstanceProcess[] = [];
  const forwarders: TcpProxy[] = [];

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(DOMAINS) });
    for (const domain of DOMAINS) {
      for (const [path, file] of Object.entries(goodSiteFiles(domain).https)) site.route(`${domain}${path}`, file);
      // One slow resource keeps the scan running while the other probes finish.
      site.route(`${domain}/llms.txt`, { delayMs: 3000, body: '# Slow\n' });
    }
    dns = await startDnsServer(Object.fromEntries(DOMAINS.map((d) => [d, { A: ['127.0.0.1'] }])));
    env = {
      ROLE: 'serve',
      DATABASE_URL: database.url,
      DNS_SERVERS: dns.address,
      SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
      WORKERS: '1',
      WORKER_CONCURRENCY: '1',
      RECHECK_INTERVAL_MINUTES: '0',
    };
    options = {
      jobs: FAST_JOBS,
      // A lease shorter than a healthy scan would hand B's own run back too.
      jobTimings: { scanLeaseSeconds: 6, recheckLeaseSeconds: 3, recheckClaimSeconds: 6 },
      fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 8000 },
    };
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((i) => i.stop()));
    await Promise.all(forwarders.splice(0).map((proxy) => proxy.close()));
  });
  after(async () => {
    await database?.dispose();
    await site?.close();
    await dns?.close();
  });

  /** Asks `instance` for an asynchronous scan of `domain`; its id. */
  async function askScan(instance: InstanceProcess, domain: string): Promise<string> {
    const res = await fetch(`${instance.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ domain }),
    });
    expect(res.status).to.equal(202);
    return ((await res.json()) as any).data.scan_id as string;
  }

  /** Starts A, asks it for an asynchronous scan of `domain`, and resolves once A runs it with some probes done. */
  async function scanRunningOnA(domain: string): Promise<{ a: InstanceProcess; scanId: string }> {
    const a = await startInstance(env, options);
    running.push(a);
    const scanId = await askScan(a, domain);
    const seen = await pollScan(a, scanId, (d) => d.state === 'running' && d.probes_done.length >= 1, 5000);
    expect(seen.probes_done.length).to.be.below(GOOD_SITE_PROBE_COUNT);
    return { a, scanId };
  }

  /** Starts B after A is gone, and resolves with the scan as B answers it once it ended. */
  async function takenOverByB(scanId: string): Promise<any> {
    const b = await startInstance(env, options);
    running.push(b);
    const ended = await pollScan(b, scanId, (d) => d.state === 'done' || d.state === 'failed', 30_000);
    expect(ended.state, JSON.stringify(ended.error)).to.equal('done');
    expect(ended.report.report_id).to.equal(reportIdOfScan(scanId));
    // The very job A held, finished by a retry after its lease ran out (pg-boss keeps the id).
    const job = () => database.db('pgboss.job').where({ name: 'scan.run' }).whereRaw(`data->>'scanId' = ?`, [scanId]).select('state', 'retry_count');
    await waitUntil('the scan.run job is completed', async () => (await job())[0]?.state === 'completed', 5000);
    const jobs = await job();
    expect(jobs).to.have.length(1);
    expect(jobs[0].retry_count).to.equal(1);
    return ended;
  }

  it('hands a scan killed among its probes to another worker after the lease, which stores one whole report', async () => {
    const domain = DOMAINS[0]!;
    const { a, scanId } = await scanRunningOnA(domain);
    await a.kill();
    const ended = await takenOverByB(scanId);
    expect(ended.probes_done).to.have.length(GOOD_SITE_PROBE_COUNT);
    expect(await database.db('reports').where({ domain }).pluck('id')).to.deep.equal([ended.report.report_id]);
    await expectWholeReports(database.db);
  });

  it('finishes a scan killed after its report was stored with that report, never a second one', async () => {
    const domain = DOMAINS[1]!;
    const { a, scanId } = await scanRunningOnA(domain);
    // Holding the job's row stops A between storing the report and marking the job done.
    const trx = await database.db.transaction();
    try {
      await trx('scan_jobs').where({ id: scanId }).forUpdate().first();
      await waitUntil(
        'A stored the report',
        async () =>
          (await database
            .db('reports')
            .where({ id: reportIdOfScan(scanId) })
            .first()) !== undefined,
        15_000,
        25,
      );
      await a.kill();
    } finally {
      await trx.rollback();
    }
    const stored = await database.db('scan_jobs').where({ id: scanId }).first('state');
    expect(stored.state).to.equal('running');
    await takenOverByB(scanId);
    expect(await database.db('reports').where({ domain }).pluck('id')).to.deep.equal([reportIdOfScan(scanId)]);
    await expectWholeReports(database.db);
  });

  it('with the production lease and heartbeat, has another running instance finish a killed scan exactly once within 30 s', async function () {
    this.timeout(90_000);
    const domain = DOMAINS[2]!;
    // No jobs or jobTimings: pg-boss's and the leases' production settings. The fixture CA and ports
    // only. Checked to fail on a copy of the tree with a heartbeat longer than the 60 s lease (so no
    // renewal, as before it): the scan is still `running` 30 s after the kill.
    // Both instances are up before the scan is asked for (B's start under a loaded machine can
    // outlast any slow resource), so either may take the job: each reaches the site through its own
    // TCP forwarder, and the one whose forwarder carried the scan is the one killed.
    const proxies = await Promise.all([startTcpProxy(site.portMap[443]!), startTcpProxy(site.portMap[443]!)]);
    forwarders.push(...proxies);
    const production = (port: number): InstanceOptions => ({ fetcher: { ca: options.fetcher!.ca, portMap: { ...options.fetcher!.portMap, 443: port } } });
    // Under the default 10 s resource timeout: the scan is still running when its worker is killed.
    site.route(`${domain}/llms.txt`, { delayMs: 9500, body: '# Slow\n' });
    const pair = await Promise.all(proxies.map((proxy) => startInstance(env, production(proxy.port))));
    running.push(...pair);
    const scanId = await askScan(pair[0]!, domain);
    await pollScan(pair[0]!, scanId, (d) => d.state === 'running' && d.probes_done.length >= 1, 5000);
    const carried = proxies.map((proxy) => proxy.accepted() > 0);
    expect(carried.filter(Boolean), 'one instance scans').to.have.length(1);
    const a = pair[carried[0] ? 0 : 1]!;
    const b = pair[carried[0] ? 1 : 0]!;
    const job = () =>
      database
        .db('pgboss.job')
        .where({ name: 'scan.run' })
        .whereRaw(`data->>'scanId' = ?`, [scanId])
        .select('state', 'retry_count', database.db.raw('extract(epoch from expire_in)::int AS lease'));
    expect(await job()).to.deep.equal([{ state: 'active', retry_count: 0, lease: 60 }]);
    await a.kill();
    const killedAt = Date.now();
    expect(await database.db('reports').where({ domain }).pluck('id'), 'A stored no report').to.deep.equal([]);
    site.route(`${domain}/llms.txt`, { body: '# Fast\n' });

    // The requirement itself: done within 30 s of the kill (a lapsed heartbeat, the retry's backoff, a poll, the scan).
    const ended = await pollScan(b, scanId, (d) => d.state === 'done' || d.state === 'failed', 30_000 - (Date.now() - killedAt));
    const seconds = (Date.now() - killedAt) / 1000;
    expect(ended.state, JSON.stringify(ended.error)).to.equal('done');
    expect(ended.probes_done).to.have.length(GOOD_SITE_PROBE_COUNT);
    await waitUntil('the scan.run job is completed', async () => (await job())[0]?.state === 'completed', 5000);
    expect(await job()).to.deep.equal([{ state: 'completed', retry_count: 1, lease: 60 }]);
    expect(await database.db('reports').where({ domain }).pluck('id')).to.deep.equal([reportIdOfScan(scanId)]);
    await expectWholeReports(database.db);
    console.log(`      B finished the scan ${seconds.toFixed(1)} s after A was SIGKILLed`);
  });
});
