import { expect } from 'chai';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { FAST_JOBS } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const MEMBERS = 200;

// Three real processes on one PostgreSQL database renew the observations of 200 active members.
// What makes each look happen once: one observations.sweep job per cron tick for all instances, and
// the sweep's claim of each domain in observation_refresh before its batch is queued. The DNS server
// counts the DMARC lookups each refresh makes: exactly one per member. Checked to fail without the
// claim (the free guard dropped from the UPDATE and the unclaimed filter from the pick): 234 batches
// instead of 4, and members asked several times.
(PG_URL ? describe : describe.skip)('members’ observation refresh with three instances on PostgreSQL', function () {
  this.timeout(120_000);
  let database: PgTestDatabase;
  let dns: TestDnsServer;
  let instances: InstanceProcess[] = [];
  const domains = Array.from({ length: MEMBERS }, (_, i) => `member-${String(i).padStart(3, '0')}.example.com`);

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    dns = await startDnsServer();
    for (const domain of domains.slice(0, MEMBERS / 2)) dns.set(`_dmarc.${domain}`, { TXT: ['v=DMARC1; p=reject'] });
    const entities = new KnexEntityRepository(database.db);
    const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    for (const domain of domains) {
      await entities.create({
        name: domain,
        domain: domainName(domain),
        type: 'business',
        level: 'verified',
        coverage: 'zone',
        verifiedAt: new Date().toISOString(),
        expiresAt,
      });
    }
    // RDAP and TLS resolve through the same DNS server, which knows neither: they fail at once, locally.
    const env = {
      ROLE: 'serve',
      DATABASE_URL: database.url,
      DNS_SERVERS: dns.address,
      RECHECK_INTERVAL_MINUTES: '1',
      RDAP_BASE_URL: 'https://rdap.example.net/',
    };
    instances = await Promise.all([0, 1, 2].map(() => startInstance(env, { jobs: FAST_JOBS })));
    await waitUntil(
      'every member was refreshed (due again tomorrow, unclaimed)',
      async () => {
        const rows = await database
          .db('observation_refresh')
          .where('due_at', '>', new Date(Date.now() + 20 * 3_600_000).toISOString())
          .whereNull('claimed_until')
          .count({ n: '*' });
        return Number(rows[0]!.n) === MEMBERS;
      },
      90_000,
      200,
    );
    // Give a second look, if there were one, time to be heard.
    await new Promise((r) => setTimeout(r, 1500));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.dispose();
    await dns?.close();
  });

  it('looks at each member once, and stores what it saw for every instance to read', async () => {
    const batches = instances.map((i) => i.logged('observation refresh batch done').length);
    console.log(`      ${MEMBERS} members refreshed; batches per instance: ${batches.join(', ')}`);
    expect(
      batches.reduce((a, b) => a + b, 0),
      'batches of 50',
    ).to.equal(MEMBERS / 50);
    // Lookups, not packets: under load the resolver re-sends a question it got no answer to within
    // its per-try timeout (same transaction id), which is one look, not two.
    const wrong = domains.filter((d) => dns.lookups(`_dmarc.${d}`, 'TXT') !== 1).map((d) => `${d}: ${dns.lookups(`_dmarc.${d}`, 'TXT')}`);
    expect(wrong, 'members not asked exactly once').to.deep.equal([]);
    const stored = await database.db('trust_observations').where({ kind: 'reputation' }).select('domain', 'payload');
    expect(stored.map((r) => r.domain).sort()).to.deep.equal(domains);
    const dmarc = stored
      .filter((r) => JSON.parse(r.payload).dmarc.published === true)
      .map((r) => r.domain)
      .sort();
    expect(dmarc).to.deep.equal(domains.slice(0, MEMBERS / 2));
    // Failed looks (RDAP and TLS could not resolve) are stored with their error, since nothing good
    // was stored of their kind: a failure never replaces a good observation (see the unit tests).
    const failed = await database.db('trust_observations').whereNot({ kind: 'reputation' }).select('payload');
    expect(failed).to.have.length(2 * MEMBERS);
    for (const row of failed) expect(JSON.parse(row.payload)).to.have.property('error');
  });

  it('answers signals=true from what the refresh stored, on any instance, without looking again', async () => {
    const asked = dns.queries.length;
    for (const [i, instance] of instances.entries()) {
      const response = await fetch(`${instance.url}/verify/${domains[i]}?signals=true`);
      type Signal = { observed: boolean; score: number; reason?: string };
      const body = (await response.json()) as { data: { signals: { external: Signal; domain_age: Signal }; evidence: { complete: boolean } } };
      expect(body.data.evidence.complete, 'every signal was looked at, so no first look is queued').to.equal(true);
      // DMARC published (3); no SPF record (0), no blocklist configured (0), never scanned (0).
      expect(body.data.signals.external).to.include({ observed: true, score: 3 });
      expect(body.data.signals.domain_age.observed).to.equal(false);
      expect(body.data.signals.domain_age.reason).to.match(/^Not observed: looking up the domain's registration date \(RDAP\) failed/);
    }
    expect(dns.queries.length, 'reading made no DNS query').to.equal(asked);
  });
});
