import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { EVENT_TYPES } from '../../src/domain/events/watched-state.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createTestCa } from '../support/test-ca.js';
import { goodHomepageHandler, goodSiteFiles } from '../support/good-site.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const HOOK = 'https://hooks.example.com/hook';
const SHOP = 'shop.example.net';

describe('watches: signed webhooks when a verdict changes (SQLite, one instance)', function () {
  this.timeout(60_000);
  let t: TestService;
  let receiver: WebhookReceiver;
  let dns: TestDnsServer;

  before(async () => {
    const ca = await createTestCa();
    receiver = await startWebhookReceiver(await ca.issue(['hooks.example.com', SHOP]), 'hooks.example.com');
    // The receiver's fixture server also serves a well-formed site, so a real scan can make a report.
    receiver.site.route(`${SHOP}/`, { handler: goodHomepageHandler(SHOP) });
    for (const [path, file] of Object.entries(goodSiteFiles(SHOP).https)) if (path !== '/') receiver.site.route(`${SHOP}${path}`, file);
    dns = await startDnsServer({ 'hooks.example.com': { A: ['127.0.0.1'] }, [SHOP]: { A: ['127.0.0.1'] }, 'internal.example.com': { A: ['10.1.2.3'] } });
    t = await startTestService(
      databaseKinds()[0]!,
      { BASE_URL: 'https://vetted.example.org', DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', WEBHOOK_RETRY_BASE_SECONDS: '1' },
      { fetcher: { ca: [ca.cert], portMap: receiver.site.portMap } },
    );
  });
  after(async () => {
    await t?.stop();
    await receiver?.close();
    await dns?.close();
  });

  const post = (body: unknown) => t.get('/watches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const watch = async (domain: string, events?: string[]) => {
    const res = await post({ domain, callback_url: HOOK, ...(events ? { events } : {}) });
    expect(res.status, await res.clone().text()).to.equal(201);
    const data = ((await res.json()) as any).data;
    receiver.useSecret(data.secret);
    return data;
  };
  const of = (domain: string) => receiver.deliveries.filter((d) => d.body?.data?.domain === domain);

  it('creates a watch with a secret and a token shown once, and refuses callbacks Vetted must never call', async () => {
    const created = await watch('shop.com');
    expect(created).to.include({ domain: 'shop.com', callback_url: HOOK, status: 'active' });
    expect(created.secret).to.match(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created.token).to.match(/^wtk_/);
    // No events asked: every event type, the counterparty changes included.
    expect(created.events).to.deep.equal([...EVENT_TYPES]);
    const read = await t.get(`/watches/${created.watch_id}`, { headers: { authorization: `Bearer ${created.token}` } });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as any).data).to.not.have.any.keys('secret', 'token');
    expect((await t.get(`/watches/${created.watch_id}`)).status).to.equal(401);
    expect((await t.get(`/watches/${created.watch_id}`, { headers: { authorization: 'Bearer wtk_wrong' } })).status).to.equal(403);
    for (const callback of [
      'http://hooks.example.com/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://internal.example.com/hook',
      'https://user:pw@hooks.example.com/hook',
      'https://hooks.example.com:0/hook',
      'https://hooks.example.com:65536/hook',
    ]) {
      const res = await post({ domain: 'shop.com', callback_url: callback });
      expect(res.status, callback).to.equal(400);
      expect(((await res.json()) as any).error.code).to.equal('VALIDATION_ERROR');
    }
    expect(((await (await post({ domain: 'shop.com', callback_url: 'https://10.0.0.1/hook' })).json()) as any).error.message).to.contain(
      'which Vetted never calls',
    );
    expect(((await (await post({ domain: 'shop.com', callback_url: 'https://hooks.example.com:0/hook' })).json()) as any).error.message).to.equal(
      'callback_url must name a port from 1 to 65535, or none (443).',
    );
  });

  it('delivers each change once, in order, signed as Standard Webhooks says', async () => {
    await watch('pay.example.net');
    const entities = new KnexEntityRepository(t.database.db);
    // Back to back: each write is its own change, however soon the next one follows.
    const entity = await entities.create(aNewEntity({ name: 'Pay', domain: 'pay.example.net', expiresAt: '2099-01-01T00:00:00.000Z' }));
    const blocks = new KnexBlocklist(t.database.db);
    await blocks.add([aBlock('example.net', 'phishing kit')]);
    await blocks.remove(domainName('example.net'));
    await entities.setStatus(entity.id, 'revoked');
    await waitUntil('four events arrive', () => of('pay.example.net').length >= 4, 10_000);
    await new Promise((r) => setTimeout(r, 1500));
    const seen = of('pay.example.net');
    expect(seen.map((d) => d.body.type)).to.deep.equal(['entity.verified', 'domain.blocked', 'domain.unblocked', 'entity.revoked']);
    expect(seen.every((d) => d.verified)).to.equal(true);
    expect(new Set(seen.map((d) => d.id)).size).to.equal(4);
    expect(seen[1]!.body.data).to.deep.include({
      domain: 'pay.example.net',
      previous: { registry: 'verified', entity_id: entity.id },
      current: { registry: 'blocked', entity_id: null },
    });
    expect(seen[1]!.body.data.links).to.deep.equal({
      verify: 'https://vetted.example.org/verify/pay.example.net',
      history: 'https://vetted.example.org/reports?domain=pay.example.net',
    });
  });

  it('announces a scan of the watched domain: report.created, then readiness.changed from unknown to ready, with the report linked', async () => {
    await watch(SHOP, ['report.created', 'readiness.changed']);
    const res = await t.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: SHOP }) });
    expect(res.status, await res.clone().text()).to.equal(201);
    const reportId = ((await res.json()) as any).data.report_id;
    await waitUntil('both events arrive', () => of(SHOP).length >= 2, 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    const seen = of(SHOP);
    expect(seen.map((d) => d.body.type)).to.deep.equal(['report.created', 'readiness.changed']);
    expect(seen.every((d) => d.verified)).to.equal(true);
    expect(seen[0]!.body.data).to.deep.include({ previous: { report_id: null }, current: { report_id: reportId } });
    expect(seen[1]!.body.data).to.deep.include({ previous: { readiness: 'unknown' }, current: { readiness: 'ready' } });
    expect(seen[1]!.body.data.links.report).to.equal(`https://vetted.example.org/reports/${reportId}`);
  });

  it('retries a failing callback with backoff: two failures, then the third try delivers, all listed', async () => {
    const created = await watch('retry.example.org', ['domain.blocked']);
    receiver.answerWith(500, 503);
    await new KnexBlocklist(t.database.db).add([aBlock('retry.example.org')]);
    await waitUntil('the third try delivers', () => of('retry.example.org').some((d) => d.status === 200), 20_000);
    const seen = of('retry.example.org');
    expect(seen.map((d) => d.status)).to.deep.equal([500, 503, 200]);
    expect(new Set(seen.map((d) => d.id)).size).to.equal(1);
    // The receiver answers before Vetted records the attempt: wait for the record, not only the request.
    const attempts = async () =>
      ((await (await t.get(`/watches/${created.watch_id}/deliveries`, { headers: { authorization: `Bearer ${created.token}` } })).json()) as any).data.attempts;
    await waitUntil('the third attempt is recorded', async () => (await attempts()).length >= 3, 5_000);
    const listed = await attempts();
    expect(listed.map((a: any) => [a.attempt, a.status, a.outcome])).to.deep.equal([
      [3, 200, 'delivered'],
      [2, 503, 'retrying'],
      [1, 500, 'retrying'],
    ]);
    expect(Date.parse(listed[0].at) - Date.parse(listed[2].at)).to.be.at.least(2500);
    const metrics = await (await t.get('/metrics')).text();
    const count = (outcome: string) => Number(new RegExp(`^vetted_webhook_deliveries_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0);
    expect(count('retrying'), 'both failed attempts counted').to.be.at.least(2);
    expect(count('delivered')).to.be.at.least(1);
  });

  it('refuses at delivery a callback whose host now resolves to an address Vetted never calls', async () => {
    dns.set('moved.example.com', { A: ['127.0.0.1'] });
    const res = await post({ domain: 'moved.example.org', callback_url: 'https://moved.example.com/hook', events: ['domain.blocked'] });
    const created = ((await res.json()) as any).data;
    dns.set('moved.example.com', { A: ['10.9.8.7'] });
    await new KnexBlocklist(t.database.db).add([aBlock('moved.example.org')]);
    const auth = { headers: { authorization: `Bearer ${created.token}` } };
    await waitUntil(
      'an attempt is recorded',
      async () => ((await (await t.get(`/watches/${created.watch_id}/deliveries`, auth)).json()) as any).data.attempts.length > 0,
      10_000,
    );
    const [attempt] = ((await (await t.get(`/watches/${created.watch_id}/deliveries`, auth)).json()) as any).data.attempts;
    expect(attempt).to.include({ status: null, outcome: 'retrying' });
    expect(attempt.error).to.match(/^BLOCKED_ADDRESS: /);
    expect(receiver.site.requests.some((r) => r.host.startsWith('moved.'))).to.equal(false);
  });

  it('watches and unwatches over MCP, and deletes with the token only', async () => {
    const client = new Client({ name: 'vetted-watch', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    try {
      const made = (await client.callTool({ name: 'watch_domain', arguments: { domain: 'mcp.example.com', callback_url: HOOK } })) as any;
      expect(made.isError).to.not.equal(true);
      const { watch_id, token } = made.structuredContent;
      const wrong = (await client.callTool({ name: 'unwatch_domain', arguments: { watch_id, token: 'wtk_nope' } })) as any;
      expect(wrong.isError).to.equal(true);
      const gone = (await client.callTool({ name: 'unwatch_domain', arguments: { watch_id, token } })) as any;
      expect(gone.structuredContent).to.deep.equal({ watch_id, deleted: true });
      expect((await t.get(`/watches/${watch_id}`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(404);
    } finally {
      await client.close();
    }
  });
});
