import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { createTestCa } from '../support/test-ca.js';
import { FAST_JOBS } from '../support/test-service.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const WITHIN_MS = 1000;
const NAME = 'paypal-cdn.com';

type Brand = { known_brand: boolean; owned_by?: string; ownership?: { status: string; evidence?: unknown[] } };

async function brandOf(instance: InstanceProcess, external = false): Promise<Brand> {
  const res = await fetch(`${instance.url}/verify/${NAME}?signals=true${external ? '&external=true' : ''}`);
  expect(res.status).to.equal(200);
  return ((await res.json()) as { data: { signals: { brand: Brand } } }).data.signals.brand;
}

// Two real `vetted serve` processes on one PostgreSQL database, neither working jobs (WORKERS=0), so
// that what one of them looks at with external=true is the only check made. The other one had
// answered the name before (and repeats that answer while nothing changed): it must answer the
// stored evidence within a second of the commit, through the change feed.
(PG_URL ? describe : describe.skip)('ownership evidence across two instances on PostgreSQL', function () {
  this.timeout(60_000);
  let database: PgTestDatabase;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let instances: InstanceProcess[] = [];

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['rdap.example.net']), tlsByName: { [NAME]: await ca.issue([NAME, 'www.paypal.com']) } });
    dns = await startDnsServer({ 'rdap.example.net': { A: ['127.0.0.1'] }, [NAME]: { A: ['127.0.0.1'] } });
    database = await createPgDatabase(PG_URL!);
    const env = {
      ROLE: 'serve',
      WORKERS: '0',
      DATABASE_URL: database.url,
      DNS_SERVERS: dns.address,
      SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
      RDAP_BASE_URL: 'https://rdap.example.net/',
      EXTERNAL_DEADLINE_MS: '5000',
    };
    instances = await Promise.all([0, 1].map(() => startInstance(env, { jobs: FAST_JOBS, fetcher: { ca: [ca.cert], portMap: site.portMap } })));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.dispose();
    await site?.close();
    await dns?.close();
  });

  it('answers a fresh name not_checked on both, with exactly one ownership.check job queued between them', async () => {
    const [a, b] = instances as [InstanceProcess, InstanceProcess];
    const connections = site.connections.length;
    for (const instance of [b, a, b, a]) {
      const brand = await brandOf(instance);
      expect(brand).to.deep.include({ known_brand: false });
      expect(brand.ownership?.status).to.equal('not_checked');
    }
    const jobs = await database.db.withSchema('pgboss').from('job').where({ name: 'ownership.check' }).select('singleton_key', 'state', 'data');
    expect(jobs).to.deep.equal([{ singleton_key: NAME, state: 'created', data: { domain: NAME, lookalikeOf: 'paypal.com' } }]);
    expect(site.connections.length, 'reading looked at nothing').to.equal(connections);
  });

  it('lets the other instance answer the evidence one instance found with external=true within a second', async () => {
    const [a, b] = instances as [InstanceProcess, InstanceProcess];
    // b answers (and keeps repeating) not_checked until it hears of the write.
    expect((await brandOf(b)).ownership?.status).to.equal('not_checked');
    const watching = { done: false };
    const seen = (async () => {
      while (!watching.done) {
        const brand = await brandOf(b);
        if (brand.known_brand) return { at: Date.now(), brand };
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('stopped watching');
    })();
    try {
      const looked = await brandOf(a, true);
      expect(looked).to.deep.include({ known_brand: true, owned_by: 'paypal.com' });
      const first = await Promise.race([
        seen,
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${b.url} never answered the evidence`)), 10_000)),
      ]);
      const row = await database.db('registry_changes').where({ name: NAME, kind: 'ownership' }).orderBy('id', 'desc').first('changed_at');
      const delay = first.at - Date.parse(row.changed_at);
      console.log(`      the other instance answered the evidence ${delay} ms after the commit`);
      expect(delay).to.be.below(WITHIN_MS);
      expect(first.brand).to.deep.include({ known_brand: true, owned_by: 'paypal.com' });
      expect(first.brand.ownership).to.deep.equal(looked.ownership);
      expect(first.brand.ownership?.evidence).to.deep.equal([{ kind: 'tls_certificate', detail: `the certificate for ${NAME} also covers www.paypal.com` }]);
    } finally {
      watching.done = true;
      await seen.catch(() => undefined);
    }
  });
});
