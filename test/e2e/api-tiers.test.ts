import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { mintApiKey } from '../../src/domain/access/api-key.js';
import { ManageApiKeys } from '../../src/application/access/manage-api-keys.js';
import { UsageSync } from '../../src/application/access/usage-sync.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const POLICY = /^"(free|pro)";q=(\d+);w=86400$/;
const REMAINING = /^"(free|pro)";r=(\d+);t=(\d+)$/;

function secondsToMidnight(): number {
  const now = new Date();
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
}

function remainingOf(res: Response): number {
  const match = REMAINING.exec(res.headers.get('ratelimit') ?? '');
  expect(match, `RateLimit: ${res.headers.get('ratelimit')}`).to.not.equal(null);
  return Number(match![2]);
}

async function mcpCall(t: TestService, name: string, args: object, authorization?: string): Promise<Response> {
  return t.get('/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

for (const kind of databaseKinds()) {
  describe(`request-rate tiers and API keys (${kind.name})`, function () {
    this.timeout(60_000);
    let t: TestService;
    let dns: TestDnsServer;
    let proKey: string;

    before(async () => {
      dns = await startDnsServer({});
      t = await startTestService(kind, {
        API_TIERS: 'on',
        API_QUOTA_FREE: '20',
        API_QUOTA_PRO: '30',
        DNS_SERVERS: dns.address,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      });
      proKey = (await t.service.container.get(ManageApiKeys).create({ tier: 'pro', name: 'Integrator' })).key;
    });
    after(async () => {
      await t?.stop();
      await dns?.close();
    });

    it('counts every public read of an anonymous caller and refuses the 21st of the day with 429, Retry-After and the RateLimit headers', async () => {
      const from = { 'x-forwarded-for': '198.51.100.20' };
      const paths = [
        '/verify/example.com',
        '/verify/example.com?signals=true',
        '/lookup/ent_nobody1',
        '/reports?domain=example.com',
        '/reports/example.com.json',
      ];
      for (let i = 0; i < 20; i++) {
        const res = await t.get(paths[i % paths.length]!, { headers: from });
        expect(res.headers.get('ratelimit-policy')).to.equal('"free";q=20;w=86400');
        expect(remainingOf(res), `request ${i + 1}`).to.equal(19 - i);
        expect(res.headers.get('access-control-expose-headers')).to.include('RateLimit-Policy');
      }
      const refused = await t.get('/verify/example.com', { headers: from });
      expect(refused.status).to.equal(429);
      const body = (await refused.json()) as any;
      expect(body.success).to.equal(false);
      expect(body.error.code).to.equal('RATE_LIMITED');
      expect(body.error.message).to.include('daily quota of 20');
      const retry = Number(refused.headers.get('retry-after'));
      expect(retry).to.be.within(secondsToMidnight() - 5, secondsToMidnight() + 1);
      expect(body.error.retry_after_seconds).to.equal(retry);
      expect(refused.headers.get('ratelimit')).to.equal(`"free";r=0;t=${retry}`);
      expect(refused.headers.get('ratelimit-policy')).to.equal('"free";q=20;w=86400');
      expect(refused.headers.get('cache-control')).to.equal('no-store');

      // Another address is another caller; a Pro key goes on.
      expect((await t.get('/verify/example.com', { headers: { 'x-forwarded-for': '198.51.100.21' } })).status).to.equal(200);
      const pro = await t.get('/verify/example.com', { headers: { ...from, authorization: `Bearer ${proKey}` } });
      expect(pro.status).to.equal(200);
      expect(pro.headers.get('ratelimit-policy')).to.match(POLICY).and.equal('"pro";q=30;w=86400');
    });

    it('refuses a malformed, mistyped, unknown or revoked key with 401 and a Bearer challenge, never as the anonymous tier', async () => {
      const keys = t.service.container.get(ManageApiKeys);
      const doomed = await keys.create({ tier: 'pro', name: 'Doomed' });
      expect((await t.get('/verify/example.org', { headers: { authorization: `Bearer ${doomed.key}` } })).status).to.equal(200);
      await keys.revoke(doomed.id);
      const typo = proKey.slice(0, 10) + (proKey[10] === 'a' ? 'b' : 'a') + proKey.slice(11);
      // Well formed, checksum right, never stored here.
      const unknown = mintApiKey(randomBytes(8).toString('base64url'), randomBytes(24).toString('base64url')).key;
      const cases: Array<[string, string]> = [
        ['Basic dXNlcjpwYXNz', 'malformed'],
        ['Bearer not-a-key', 'malformed'],
        [`Bearer ${typo}`, 'malformed'],
        [`Bearer ${doomed.key}`, 'revoked'],
        [`Bearer ${unknown}`, 'unknown'],
      ];
      for (const [authorization, reason] of cases) {
        for (const path of ['/verify/example.org', '/verify/example.org?signals=true', '/lookup/ent_nobody1']) {
          const res = await t.get(path, { headers: { authorization } });
          expect(res.status, `${authorization} on ${path}`).to.equal(401);
          expect(res.headers.get('www-authenticate')).to.equal('Bearer realm="vetted", error="invalid_token"');
          const body = (await res.json()) as any;
          expect(body.error.code).to.equal('UNAUTHORIZED');
          expect(body.error.reason).to.equal(reason);
        }
      }
      expect(((await (await t.get('/verify/example.org', { headers: { authorization: `Bearer ${typo}` } })).json()) as any).error.message).to.include(
        'checksum',
      );
    });

    it('shows a key its usage at /account/usage, as every instance counted it', async () => {
      const keys = t.service.container.get(ManageApiKeys);
      const own = await keys.create({ tier: 'pro', name: 'Usage' });
      for (let i = 0; i < 7; i++) expect((await t.get(`/verify/n${i}.example.com`, { headers: { authorization: `Bearer ${own.key}` } })).status).to.equal(200);
      await t.service.container.get(UsageSync).syncNow();
      const res = await t.get('/account/usage', { headers: { authorization: `Bearer ${own.key}` } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit'), 'reading the usage is not a counted read').to.equal(null);
      const data = ((await res.json()) as any).data;
      expect(data).to.include({ key_id: own.id, tier: 'pro', quota_per_day: 30, window_seconds: 86400 });
      expect(data.today).to.include({ count: 7, remaining: 23 });
      expect(data.days).to.have.length(31);
      expect(data.days[30]).to.deep.equal({ day: new Date().toISOString().slice(0, 10), count: 7 });
      const anonymous = await t.get('/account/usage');
      expect(anonymous.status).to.equal(401);
      expect(anonymous.headers.get('www-authenticate')).to.equal('Bearer realm="vetted"');
      expect((await keys.list()).find((k) => k.id === own.id)!.lastUsedAt).to.be.a('string');
    });

    it('counts the MCP read tools: a used-up quota is a tool error with the retry seconds, a bad key a 401', async () => {
      const headers = { 'x-forwarded-for': '198.51.100.30' };
      for (let i = 0; i < 20; i++) await t.get('/verify/example.net', { headers });
      const refused = await t.get('/mcp', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'verify_domain', arguments: { domain: 'example.net' } } }),
      });
      const result = ((await refused.json()) as any).result;
      expect(result.isError).to.equal(true);
      expect(result._meta['vetted/error_code']).to.equal('RATE_LIMITED');
      expect(result._meta['vetted/retry_after_seconds']).to.be.within(secondsToMidnight() - 5, secondsToMidnight() + 1);
      expect(result.content[0].text).to.not.include('keep working');
      const withKey = ((await (await mcpCall(t, 'verify_domain', { domain: 'example.net' }, `Bearer ${proKey}`)).json()) as any).result;
      expect(withKey.isError ?? false).to.equal(false);
      const bad = await mcpCall(t, 'verify_domain', { domain: 'example.net' }, 'Bearer vtk_nope');
      expect(bad.status).to.equal(401);
      expect(bad.headers.get('www-authenticate')).to.include('Bearer');
      expect(((await bad.json()) as any).error.message).to.match(/^Unauthorized: /);
    });

    it("counts a key holder's scans against the key's budget instead of the address's", async () => {
      const res = await t.get('/api/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${proKey}`, 'x-forwarded-for': '198.51.100.40' },
        body: JSON.stringify({ domain: 'scanned.example.com' }),
      });
      expect(res.status, await res.clone().text()).to.be.oneOf([201, 202]);
      const rows = await t.database.db('scan_admissions').select('client_id');
      const integrator = (await t.service.container.get(ManageApiKeys).list()).find((k) => k.name === 'Integrator')!;
      expect(rows.map((r: { client_id: string }) => r.client_id)).to.deep.equal([`key:${integrator.id}`]);
    });

    it('counts reads and refusals per tier in /metrics, never per key', async () => {
      const text = await (await t.get('/metrics')).text();
      expect(text).to.match(/vetted_api_reads_total\{tier="free",outcome="refused"\} [1-9]/);
      expect(text).to.match(/vetted_api_reads_total\{tier="pro",outcome="admitted"\} [1-9]/);
      expect(text).to.not.include('key_');
    });
  });
}

describe('without API_TIERS (the beta)', function () {
  this.timeout(30_000);
  let t: TestService;
  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { LOG_LEVEL: 'warn' });
  });
  after(() => t?.stop());

  it('counts nothing, sends no RateLimit header and ignores an Authorization header, as before', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.get('/verify/example.com', { headers: { authorization: 'Bearer anything' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit')).to.equal(null);
      expect(res.headers.get('ratelimit-policy')).to.equal(null);
      expect(res.headers.get('access-control-expose-headers')).to.equal('Age, Retry-After, X-Request-Id');
    }
  });
});
