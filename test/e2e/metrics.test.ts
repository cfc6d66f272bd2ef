import { expect } from 'chai';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const TOKEN = 'metrics-token-0123456789';

/** The samples of one family, parsed by an independent Prometheus text parser. */
async function families(res: Response) {
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]));
}

for (const kind of databaseKinds()) {
  describe(`GET /metrics (${kind.name})`, () => {
    describe('without METRICS_TOKEN', () => {
      let t: TestService;
      before(async () => {
        t = await startTestService(kind, { TRUST_PROXY: 'true' });
        // Verified a year past this process's clock, whatever its date: an expired one is never kept.
        await new KnexEntityRepository(t.database.db).create(
          aNewEntity({ domain: 'example.com', expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString() }),
        );
      });
      after(() => t.stop());

      it('serves requests by route template, cache lookups, queue depths and process metrics to a loopback client', async () => {
        for (let i = 0; i < 4; i++) await t.get('/verify/example.com');
        await t.get('/verify/example.com?signals=true');
        await t.get('/no/such/path');
        const metrics = await families(await t.get('/metrics'));
        expect(metrics.get('vetted_http_request_duration_seconds')?.type).to.equal('HISTOGRAM');
        const requests = metrics.get('vetted_http_requests_total')!;
        const verify = requests.metrics.find((m) => m.labels?.route === '/verify/:domain' && m.labels.status === '200');
        expect(verify?.value).to.equal('5');
        expect(requests.metrics.some((m) => m.labels?.route === 'unmatched' && m.labels.status === '404')).to.equal(true);
        expect(
          requests.metrics.every((m) => !m.labels?.route?.includes('example.com')),
          'no path in a label',
        ).to.equal(true);
        const lookups = new Map(
          metrics.get('vetted_read_cache_lookups_total')!.metrics.map((m) => [`${m.labels!.cache} ${m.labels!.result}`, Number(m.value)]),
        );
        // Five verifies of one name: each is repeated from a rendered answer or judged from the registry
        // records. An answer is kept from the second ask of its target, so the first two miss; the
        // entity's own change notice may arrive later and cost one more miss, after which the next is kept at once.
        const count = (key: string) => lookups.get(key) ?? 0;
        expect(count('answers hit') + count('answers miss')).to.equal(5);
        expect(count('answers hit')).to.be.at.least(1);
        expect(count('registry hit') + count('registry miss')).to.equal(count('answers miss'));
        // The signals=true answer scores the observations the registry read found ahead: no read of its own.
        expect(count('observations miss')).to.equal(0);
        expect(count('observations hit')).to.equal(1);
        const queues = metrics.get('vetted_job_queue_jobs')!.metrics.map((m) => m.labels!.queue);
        expect(queues).to.include.members(['scan.run', 'proof.recheck', 'observations.refresh']);
        for (const name of [
          'process_cpu_seconds_total',
          'nodejs_eventloop_lag_seconds',
          'vetted_scans_total',
          'vetted_scan_admission_refusals_total',
          'vetted_proof_rechecks_total',
        ]) {
          expect(metrics.has(name), name).to.equal(true);
        }
      });

      it('refuses a client that is not on loopback with 403 in the envelope', async () => {
        const res = await t.get('/metrics', { headers: { 'X-Forwarded-For': '203.0.113.5' } });
        expect(res.status).to.equal(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('FORBIDDEN');
      });
    });

    describe('with METRICS_TOKEN', () => {
      let t: TestService;
      before(async () => (t = await startTestService(kind, { METRICS_TOKEN: TOKEN })));
      after(() => t.stop());

      it('asks every client, loopback included, for the bearer token', async () => {
        for (const headers of [{}, { Authorization: 'Bearer wrong-token-0123456789' }, { Authorization: TOKEN }] as Array<Record<string, string>>) {
          const res = await t.get('/metrics', { headers });
          expect(res.status, JSON.stringify(headers)).to.equal(401);
          expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('UNAUTHORIZED');
        }
        await families(await t.get('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } }));
      });
    });
  });
}
