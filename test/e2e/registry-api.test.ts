import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const NEVER_SCANNED = {
  value: 'unknown',
  reasons: ['never scanned'],
  scanned_at: null,
  age_seconds: null,
  freshness: null,
  score: null,
  methodology_version: null,
  scope: null,
  report_id: null,
  evidence_urls: null,
  note: 'Readiness describes what was observed at scan time; it does not prove task completion, business quality or future availability.',
};

for (const kind of databaseKinds()) {
  describe(`the registry API over HTTP (${kind.name})`, () => {
    let t: TestService;
    let entityId: string;
    let expiredId: string;

    before(async () => {
      t = await startTestService(kind, { BASE_URL: 'https://vetted.example.org' });
      const entities = new KnexEntityRepository(t.database.db);
      entityId = (await entities.create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }))).id;
      await entities.create(aNewEntity({ name: 'Shop', domain: 'www.shop.com', coverage: 'host', expiresAt: '2099-01-01T00:00:00.000Z' }));
      expiredId = (await entities.create(aNewEntity({ name: 'Gone', domain: 'gone.com', expiresAt: '2020-01-01T00:00:00.000Z' }))).id;
      await new KnexBlocklist(t.database.db).add([aBlock('evil.com', 'phishing kit')]);
      // Written around the service, as another process would: answered once the change feed told it.
      await t.propagated();
    });
    after(() => t.stop());

    async function json(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
      const res = await t.get(path, init);
      return { status: res.status, headers: res.headers, body: await res.json() };
    }

    it('GET /status answers operational with the version and the time, uncached', async () => {
      const { status, headers, body } = await json('/status');
      expect(status).to.equal(200);
      expect(headers.get('cache-control')).to.equal('no-store');
      expect(body.success).to.equal(true);
      expect(body.data).to.have.keys(['status', 'version', 'timestamp']);
      expect(body.data.status).to.equal('operational');
      expect(body.data.version).to.equal('0.1.0');
      expect(Date.now() - Date.parse(body.data.timestamp)).to.be.within(0, 10_000);
    });

    it('GET /verify of a verified domain and of a subdomain it covers: verified, cached an hour', async () => {
      for (const domain of ['example.com', 'pay.eu.example.com']) {
        const { status, headers, body } = await json(`/verify/${domain}`);
        expect(status).to.equal(200);
        expect(headers.get('cache-control')).to.equal('public, max-age=3600, s-maxage=3240, stale-while-revalidate=360');
        expect(body).to.deep.equal({
          success: true,
          data: {
            domain,
            verified: true,
            entity: {
              id: entityId,
              name: 'Example Corp',
              level: 'verified',
              type: 'business',
              verified_at: '2026-01-01T00:00:00.000Z',
              expires_at: '2099-01-01T00:00:00.000Z',
            },
            readiness: NEVER_SCANNED,
            links: { page: `https://vetted.example.org/domains/${domain}` },
          },
        });
      }
    });

    it('GET /verify normalizes the name and follows host-only coverage', async () => {
      expect((await json('/verify/EXAMPLE.com.')).body.data.domain).to.equal('example.com');
      expect((await json('/verify/www.shop.com')).body.data.verified).to.equal(true);
      expect((await json('/verify/api.www.shop.com')).body.data).to.deep.equal({
        domain: 'api.www.shop.com',
        verified: false,
        entity: null,
        readiness: NEVER_SCANNED,
        links: { page: 'https://vetted.example.org/domains/api.www.shop.com' },
      });
    });

    it('GET /verify of an unknown domain: not verified, success true, cached five minutes', async () => {
      const { status, headers, body } = await json('/verify/unknown.org');
      expect(status).to.equal(200);
      expect(headers.get('cache-control')).to.equal('public, max-age=300, s-maxage=270, stale-while-revalidate=30');
      expect(body).to.deep.equal({
        success: true,
        data: {
          domain: 'unknown.org',
          verified: false,
          entity: null,
          readiness: NEVER_SCANNED,
          links: { page: 'https://vetted.example.org/domains/unknown.org' },
        },
      });
    });

    it('GET /verify of a blocked domain or its subdomain: the contract blocked case, with the page a person decides on', async () => {
      for (const domain of ['evil.com', 'login.evil.com']) {
        const { status, body } = await json(`/verify/${domain}`);
        expect(status).to.equal(200);
        expect(body).to.deep.equal({
          success: true,
          data: {
            domain,
            verified: false,
            blocked: true,
            trust_score: 0,
            trust_level: 'NONE',
            agent_guidance: { action: 'BLOCK', safe_actions: [], max_transaction_usd: 0, requires_human: true, reason: 'phishing kit' },
            links: { page: `https://vetted.example.org/domains/${domain}` },
          },
        });
      }
    });

    it('GET /verify of an expired entity: EXPIRED with HTTP 200, never verified, never cached', async () => {
      const { status, headers, body } = await json('/verify/gone.com');
      expect(status).to.equal(200);
      expect(headers.get('cache-control')).to.equal('no-store');
      expect(body.success).to.equal(false);
      expect(body.data).to.equal(undefined);
      expect(body.error.code).to.equal('EXPIRED');
      expect(body.error.message).to.contain(expiredId).and.contain('2020-01-01T00:00:00.000Z');
      expect(body.error.entity.id).to.equal(expiredId);
    });

    it('GET /verify with a malformed domain or flag: VALIDATION_ERROR 400, never cached', async () => {
      for (const path of [
        '/verify/127.0.0.1',
        '/verify/localhost',
        '/verify/a..b.com',
        '/verify/example.com%3A443',
        '/verify/com',
        '/verify/example.com?signals=maybe',
      ]) {
        const { status, headers, body } = await json(path);
        expect(status, path).to.equal(400);
        expect(headers.get('cache-control')).to.equal('no-store');
        expect(body.success).to.equal(false);
        expect(body.error.code).to.equal('VALIDATION_ERROR');
        expect(body.error.message).to.be.a('string').and.not.empty;
      }
    });

    it('GET /lookup/{id} returns the full entity; unknown ids 404, malformed ids 400', async () => {
      const found = await json(`/lookup/${entityId}`);
      expect(found.status).to.equal(200);
      expect(found.body.data).to.deep.equal({
        id: entityId,
        name: 'Example Corp',
        domain: 'example.com',
        level: 'verified',
        type: 'business',
        verified_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
        status: 'active',
      });
      expect((await json(`/lookup/${expiredId}`)).body.data.status).to.equal('expired');
      const missing = await json('/lookup/ent_nobody001');
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('cache-control')).to.equal('no-store');
      expect(missing.body).to.deep.equal({ success: false, error: { code: 'NOT_FOUND', message: 'No entity with id ent_nobody001 is in the registry.' } });
      expect((await json('/lookup/DROP%20TABLE')).body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('GET /.well-known/vetted.md is one YAML document describing the service', async () => {
      const res = await t.get('/.well-known/vetted.md');
      expect(res.status).to.equal(200);
      const doc = parseYaml(await res.text());
      expect(doc.entity).to.deep.equal({ name: 'Vetted', domain: 'vetted.example.org', type: 'infrastructure', level: 'verified' });
      expect(doc.service.verify).to.equal('https://vetted.example.org/verify/{domain}');
    });

    it('unknown routes answer NOT_FOUND 404 in the envelope', async () => {
      const { status, body } = await json('/no/such/page');
      expect(status).to.equal(404);
      expect(body.error.code).to.equal('NOT_FOUND');
    });

    it('a wrong method answers METHOD_NOT_ALLOWED 405 with Allow', async () => {
      for (const method of ['POST', 'DELETE', 'PUT']) {
        const { status, headers, body } = await json('/verify/example.com', { method });
        expect(status).to.equal(405);
        expect(headers.get('allow')).to.equal('HEAD, GET');
        expect(body.error.code).to.equal('METHOD_NOT_ALLOWED');
      }
    });

    it('a body over 64 KiB is refused with PAYLOAD_TOO_LARGE 413 before it is read', async () => {
      const { status, body } = await json('/status', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(65 * 1024) });
      expect(status).to.equal(413);
      expect(body.error.code).to.equal('PAYLOAD_TOO_LARGE');
    });

    it('echoes a request id and logs one line per request with it', async () => {
      const res = await t.get('/status', { headers: { 'X-Request-Id': 'trace-0123456789' } });
      expect(res.headers.get('x-request-id')).to.equal('trace-0123456789');
      const generated = (await t.get('/status', { headers: { 'X-Request-Id': 'bad id with spaces and / slashes' } })).headers.get('x-request-id');
      expect(generated).to.match(/^[0-9a-f-]{36}$/);
      expect(t.logs.some((l) => l.reqId === 'trace-0123456789' && l.path === '/status' && l.status === 200)).to.equal(true);
    });

    it('a HEAD request is answered like GET without a body', async () => {
      const res = await t.get('/verify/example.com', { method: 'HEAD' });
      expect(res.status).to.equal(200);
      expect(await res.text()).to.equal('');
    });

    it('a raw malformed request path still gets the envelope', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${t.url}/verify/%E0%A4%A`, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).to.be.oneOf([400, 404]);
    });
  });
}
