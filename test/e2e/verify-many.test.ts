import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { verifyAnswerSchema } from '../../src/application/views/registry-schema.js';
import { trustAnswerSchema } from '../../src/application/views/trust-schema.js';
import { expectAnswer } from '../support/answer-check.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

type Json = any;

const post = (t: TestService, body: unknown, headers: Record<string, string> = {}) =>
  t.get('/verify', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

for (const kind of databaseKinds()) {
  describe(`POST /verify and check_trust with a list (${kind.name})`, function () {
    this.timeout(60_000);
    let t: TestService;

    before(async () => {
      t = await startTestService(kind, { API_TIERS: 'on', API_QUOTA_FREE: '120', TRUST_PROXY: 'true', REFRESH_OBSERVATIONS: 'false', LOG_LEVEL: 'warn' });
      const entities = new KnexEntityRepository(t.database.db);
      await entities.create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'Gone', domain: 'gone.com', expiresAt: '2020-01-01T00:00:00.000Z' }));
      await new KnexBlocklist(t.database.db).add([aBlock('evil.com', 'phishing kit')]);
      // Written beside the service: it hears of the block through its change feed.
      await waitUntil('the block is heard', async () => {
        const res = await t.get('/verify/evil.com', { headers: { 'x-forwarded-for': '198.51.100.1' } });
        return ((await res.json()) as Json).data?.blocked === true;
      });
    });
    after(() => t?.stop());

    it('answers 100 names in one request, each item as GET /verify/{name} answers it, in order', async () => {
      const names = ['example.com', 'gone.com', 'evil.com', 'not a domain', ...Array.from({ length: 96 }, (_, i) => `shop-${i}.example.org`)];
      const res = await post(t, { domains: names }, { 'x-forwarded-for': '198.51.100.40' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const body = (await res.json()) as Json;
      expect(body.success).to.equal(true);
      expect(body.data.count).to.equal(100);
      expect(body.data.items.map((item: Json) => item.name)).to.deep.equal(names);
      // Each answer is the one its own request gets (the same fields, the same values).
      for (const name of ['example.com', 'evil.com', 'shop-0.example.org']) {
        const item = body.data.items.find((i: Json) => i.name === name);
        const alone = (await (await t.get(`/verify/${name}`, { headers: { 'x-forwarded-for': '198.51.100.41' } })).json()) as Json;
        expect(item, name).to.deep.equal({ name, success: true, data: alone.data });
        expectAnswer(verifyAnswerSchema, item.data);
      }
      const gone = body.data.items[1];
      const goneAlone = (await (await t.get('/verify/gone.com', { headers: { 'x-forwarded-for': '198.51.100.41' } })).json()) as Json;
      expect(gone).to.deep.equal({ name: 'gone.com', success: false, error: goneAlone.error });
      expect(gone.error.code).to.equal('EXPIRED');
      expect(body.data.items[3]).to.include({ name: 'not a domain', success: false });
      expect(body.data.items[3].error.code).to.equal('VALIDATION_ERROR');
      // The quota counted each name: 100 of 120, so the next read has 19 left after it.
      const next = await t.get('/verify/example.com', { headers: { 'x-forwarded-for': '198.51.100.40' } });
      expect(next.headers.get('ratelimit')).to.match(/^"free";r=19;t=\d+$/);
    });

    it('answers with signals as ?signals=true does', async () => {
      const res = await post(t, { domains: ['example.com', 'evil.com'], signals: true }, { 'x-forwarded-for': '198.51.100.42' });
      const body = (await res.json()) as Json;
      for (const item of body.data.items) {
        expect(item.success, item.name).to.equal(true);
        expectAnswer(trustAnswerSchema, item.data);
      }
      expect(body.data.items[1].data.agent_guidance.action).to.equal('BLOCK');
    });

    it('answers the names the quota still allows and refuses the rest RATE_LIMITED each; none left is 429', async () => {
      const from = { 'x-forwarded-for': '198.51.100.43' };
      await post(t, { domains: Array.from({ length: 100 }, () => 'example.com') }, from);
      const res = await post(t, { domains: Array.from({ length: 30 }, (_, i) => `part-${i}.example.org`) }, from);
      expect(res.status).to.equal(200);
      const items = ((await res.json()) as Json).data.items;
      expect(items.filter((i: Json) => i.success).length).to.equal(20);
      const refused = items.slice(20);
      expect(refused.every((i: Json) => i.error.code === 'RATE_LIMITED' && i.error.retry_after_seconds > 0)).to.equal(true);
      const none = await post(t, { domains: ['example.com'] }, from);
      expect(none.status).to.equal(429);
      expect(none.headers.get('retry-after')).to.match(/^\d+$/);
    });

    it('refuses a bad body in words, in the envelope, counting nothing', async () => {
      const from = { 'x-forwarded-for': '198.51.100.44' };
      for (const [body, words] of [
        [{ domains: [] }, 'from 1 to 100'],
        [{ domains: Array.from({ length: 101 }, () => 'example.com') }, 'this request has 101'],
        [{ domain: 'example.com' }, 'domains'],
        [{ domains: 'example.com' }, 'domains'],
        [{ domains: ['example.com'], external: true }, 'external'],
      ] as const) {
        const res = await post(t, body, from);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        const answer = (await res.json()) as Json;
        expect(answer.error.code).to.equal('VALIDATION_ERROR');
        expect(answer.error.message).to.include(words);
      }
      const text = await t.get('/verify', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'example.com' });
      expect(text.status).to.equal(415);
      const after = await t.get('/verify/example.com', { headers: from });
      expect(after.headers.get('ratelimit')).to.match(/^"free";r=119;t=\d+$/);
    });

    it('gives MCP check_trust a list through the SDK client, each item as check_trust answers that name alone, counting each', async () => {
      const client = new Client({ name: 'bulk-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { 'x-forwarded-for': '198.51.100.45' } } });
      await client.connect(transport);
      try {
        const many = (await client.callTool({ name: 'check_trust', arguments: { domains: ['example.com', 'evil.com', 'bad name'] } })) as Json;
        expect(many.isError, JSON.stringify(many)).to.not.equal(true);
        const items = many.structuredContent.items;
        expect(items.map((i: Json) => i.name)).to.deep.equal(['example.com', 'evil.com', 'bad name']);
        const alone = (await client.callTool({ name: 'check_trust', arguments: { domain: 'example.com' } })) as Json;
        expect(items[0].data).to.deep.equal(alone.structuredContent);
        expect(items[2].error.code).to.equal('VALIDATION_ERROR');
        const both = (await client.callTool({ name: 'check_trust', arguments: { domain: 'example.com', domains: ['example.com'] } })) as Json;
        expect(both.isError).to.equal(true);
        expect(JSON.stringify(both.content)).to.include('not both');
      } finally {
        await client.close();
      }
      // 3 + 1 counted reads (the refused call counted none).
      const after = await t.get('/verify/example.com', { headers: { 'x-forwarded-for': '198.51.100.45' } });
      expect(after.headers.get('ratelimit')).to.match(/^"free";r=115;t=\d+$/);
    });
  });
}
