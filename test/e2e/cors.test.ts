import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const BASE = 'https://vetted.example.org';
const APP = 'https://agent.example.net';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

// What a browser sees: the headers of CORS, from outside, against a really listening service.
describe('CORS and the Host check, over HTTP', () => {
  let t: TestService;
  let port: string;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { BASE_URL: BASE, MCP_ALLOWED_ORIGINS: APP });
    port = new URL(t.url).port;
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
  });
  after(() => t.stop());

  const preflight = (path: string, origin: string, method: string, headers = '') =>
    t.get(path, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, ...(headers ? { 'access-control-request-headers': headers } : {}) },
    });

  it('shares every public read with any origin, without credentials, the headers a client needs readable', async () => {
    for (const path of [
      '/verify/example.com',
      '/verify/example.com',
      '/verify/example.com?signals=true',
      '/status',
      '/lookup/ent_nosuchentity0000',
      '/openapi.json',
      '/mcp.md',
      '/.well-known/jwks.json',
      '/no/such/path',
    ]) {
      const res = await t.get(path, { headers: { origin: 'https://any.example' } });
      expect(res.headers.get('access-control-allow-origin'), path).to.equal('*');
      expect(res.headers.get('access-control-expose-headers'), path).to.equal('Age, Retry-After, X-Request-Id');
      expect(res.headers.has('access-control-allow-credentials'), path).to.equal(false);
    }
  });

  it('answers the preflight of a public read 204 with its methods, headers and max-age', async () => {
    const res = await preflight('/verify/example.com', 'https://any.example', 'GET', 'x-request-id');
    expect(res.status).to.equal(204);
    expect(Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')))).to.deep.equal({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'Accept, Content-Type, X-Request-Id',
      'access-control-expose-headers': 'Age, Retry-After, X-Request-Id',
      'access-control-max-age': '7200',
    });
  });

  it('lets an allowed origin, and this service on loopback, through the /mcp preflight, echoing the origin', async () => {
    for (const origin of [APP, BASE, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      const res = await preflight('/mcp', origin, 'POST', 'content-type,mcp-protocol-version,accept,authorization');
      expect(res.status, origin).to.equal(204);
      expect(res.headers.get('access-control-allow-origin')).to.equal(origin);
      expect(res.headers.get('access-control-allow-methods')).to.equal('POST');
      expect(res.headers.get('access-control-allow-headers')).to.equal('Accept, Authorization, Content-Type, MCP-Protocol-Version, X-Request-Id');
      expect(res.headers.get('vary')).to.include('Origin');
    }
  });

  it('refuses the /mcp preflight of any other origin with 403 in the envelope', async () => {
    for (const origin of ['https://evil.example', `http://localhost:${Number(port) + 1}`, 'null']) {
      const res = await preflight('/mcp', origin, 'POST', 'content-type');
      expect(res.status, origin).to.equal(403);
      expect(res.headers.has('access-control-allow-origin')).to.equal(false);
      const body = (await res.json()) as { success: boolean; error: { code: string; message: string } };
      expect(body.success).to.equal(false);
      expect(body.error.code).to.equal('FORBIDDEN');
      expect(body.error.message).to.include('may not call POST /mcp');
    }
  });

  it('carries the same CORS headers on the POST /mcp itself', async () => {
    const res = await t.get('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, origin: APP }, body: PING });
    expect(res.status).to.equal(200);
    expect(res.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(res.headers.get('access-control-expose-headers')).to.include('X-Request-Id');
    const refused = await t.get('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, origin: 'https://evil.example' }, body: PING });
    expect(refused.status).to.equal(403);
    expect(refused.headers.has('access-control-allow-origin')).to.equal(false);
  });

  it('answers /mcp only for the Host of BASE_URL, configured hosts and loopback hosts (DNS rebinding)', async () => {
    const post = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${t.url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(PING);
      });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'vetted.example.org']) expect(await post(host), host).to.equal(200);
    for (const host of [`evil.example:${port}`, `localhost:${Number(port) + 1}`, 'vetted.example.org.evil.example'])
      expect(await post(host), host).to.equal(403);
  });

  it('takes writes from allowed origins and from non-browser clients, and refuses pages of other origins', async () => {
    const pre = await preflight('/register', APP, 'POST', 'content-type');
    expect(pre.status).to.equal(204);
    expect(pre.headers.get('access-control-allow-origin')).to.equal(APP);
    for (const path of ['/register', '/api/scan']) {
      const res = await t.get(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' });
      expect(res.status, path).to.equal(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('FORBIDDEN');
      const plain = await t.get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(plain.status, `${path} without Origin`).to.equal(400);
    }
  });

  it('shares neither the metrics nor confirmation links with other origins', async () => {
    for (const path of ['/metrics', '/confirm/sometoken']) {
      const res = await t.get(path, { headers: { origin: 'https://any.example' } });
      expect(res.headers.has('access-control-allow-origin'), path).to.equal(false);
    }
  });
});
