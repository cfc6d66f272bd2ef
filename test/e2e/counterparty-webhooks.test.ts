import { expect } from 'chai';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { SyncCounterparty } from '../../src/application/counterparty/sync-counterparty.js';
import { aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const HOOK = 'https://hooks.example.com/hook';
const SHOP = 'paying-shop.example.com';
const WALLET = 'eip155:8453:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NEXT = 'eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

for (const kind of databaseKinds()) {
  describe(`entity.counterparty.changed: watchers told of each binding, signed (${kind.name})`, function () {
    this.timeout(60_000);
    let t: TestService;
    let receiver: WebhookReceiver;
    let dns: TestDnsServer;

    before(async () => {
      const ca = await createTestCa();
      receiver = await startWebhookReceiver(await ca.issue(['hooks.example.com']), 'hooks.example.com');
      dns = await startDnsServer({ 'hooks.example.com': { A: ['127.0.0.1'] }, [`_vetted-counterparty.${SHOP}`]: { TXT: [`vetted-pay-to=${WALLET}`] } });
      t = await startTestService(
        kind,
        {
          BASE_URL: 'https://vetted.example.org',
          DNS_SERVERS: dns.address,
          SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
          WEBHOOK_RETRY_BASE_SECONDS: '1',
          REFRESH_OBSERVATIONS: 'false',
          LOG_LEVEL: 'warn',
        },
        { fetcher: { ca: [ca.cert], portMap: receiver.site.portMap } },
      );
    });
    after(async () => {
      await t?.stop();
      await receiver?.close();
      await dns?.close();
    });

    it('sends a watcher a signed event when a destination is bound, and one when it is replaced', async () => {
      const entity = await new KnexEntityRepository(t.database.db).create(
        aNewEntity({ name: 'Paying Shop', domain: SHOP, expiresAt: '2099-01-01T00:00:00.000Z' }),
      );
      const res = await t.get('/watches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: SHOP, callback_url: HOOK, events: ['entity.counterparty.changed'] }),
      });
      expect(res.status, await res.clone().text()).to.equal(201);
      receiver.useSecret(((await res.json()) as any).data.secret);
      const sync = t.service.container.get(SyncCounterparty);
      await sync.run(entity.id);
      const told = () => receiver.deliveries.filter((d) => d.body?.type === 'entity.counterparty.changed');
      await waitUntil('the binding is told', async () => told().length >= 1, 20_000);
      dns.set(`_vetted-counterparty.${SHOP}`, { TXT: [`vetted-pay-to=${NEXT}`] });
      await sync.run(entity.id);
      await waitUntil('the change is told', async () => told().length >= 3, 20_000);
      const events = told();
      expect(events.every((d) => d.verified)).to.equal(true);
      expect(events.map((d) => [d.body.data.domain, d.body.data.previous.value ?? null, d.body.data.current.value ?? null])).to.deep.equal([
        [SHOP, null, WALLET],
        [SHOP, WALLET, null],
        [SHOP, null, NEXT],
      ]);
      expect(events[2]!.body.data.current).to.include({ entity_id: entity.id, kind: 'pay_to', how: 'declared', source: `_vetted-counterparty.${SHOP}` });
    });
  });
}
