import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { createTestCa } from '../support/test-ca.js';
import { FAST_JOBS } from '../support/test-service.js';
import { delay, waitUntil } from '../support/wait-until.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;

// Two serving instances share one PostgreSQL database; both hear every write through the change
// feed and both ask for a look, yet each change must reach the receiver once, in order per domain.
(PG_URL ? describe : describe.skip)('watch events with two instances on PostgreSQL', function () {
  this.timeout(90_000);
  let database: PgTestDatabase;
  let receiver: WebhookReceiver;
  let dns: TestDnsServer;
  const instances: InstanceProcess[] = [];

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    const ca = await createTestCa();
    receiver = await startWebhookReceiver(await ca.issue(['hooks.example.com']), 'hooks.example.com');
    dns = await startDnsServer({ 'hooks.example.com': { A: ['127.0.0.1'] } });
    const env = {
      ROLE: 'serve',
      DATABASE_URL: database.url,
      DNS_SERVERS: dns.address,
      SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
      BASE_URL: 'https://vetted.example.org',
      RECHECK_INTERVAL_MINUTES: '0',
    };
    const options = { jobs: FAST_JOBS, fetcher: { ca: [ca.cert], portMap: receiver.site.portMap } };
    instances.push(...(await Promise.all([startInstance(env, options), startInstance(env, options)])));
  });
  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await receiver?.close();
    await dns?.close();
    await database?.dispose();
  });

  it('sees each event once per change, in order per domain, every signature valid', async () => {
    const [a, b] = instances;
    const watch = async (on: InstanceProcess, domain: string) => {
      const res = await fetch(`${on.url}/watches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain, callback_url: 'https://hooks.example.com/hook' }),
      });
      expect(res.status, await res.clone().text()).to.equal(201);
      return ((await res.json()) as any).data;
    };
    const first = await watch(a!, 'one.example.com');
    const second = await watch(b!, 'two.example.com');
    receiver.useSecret(first.secret);
    receiver.useSecret(second.secret);

    const entities = new KnexEntityRepository(database.db);
    const blocks = new KnexBlocklist(database.db);
    const one = await entities.create(aNewEntity({ name: 'One', domain: 'one.example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
    await blocks.add([aBlock('two.example.com')]);
    await blocks.add([aBlock('one.example.com')]);
    await blocks.remove(domainName('two.example.com'));
    await blocks.remove(domainName('one.example.com'));
    await entities.setStatus(one.id, 'revoked');

    const of = (domain: string) => receiver.deliveries.filter((d) => d.body?.data?.domain === domain);
    await waitUntil('every event arrived', () => of('one.example.com').length >= 4 && of('two.example.com').length >= 2, 30_000);
    // Time for any duplicate to show up: both instances asked, and the sweep runs each minute.
    await delay(3000);
    expect(of('one.example.com').map((d) => d.body.type)).to.deep.equal(['entity.verified', 'domain.blocked', 'domain.unblocked', 'entity.revoked']);
    expect(of('two.example.com').map((d) => d.body.type)).to.deep.equal(['domain.blocked', 'domain.unblocked']);
    const ids = receiver.deliveries.map((d) => d.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(receiver.deliveries.every((d) => d.verified)).to.equal(true);
  });
});
