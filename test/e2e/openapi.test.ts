import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { VERSION_LINE } from '../../src/adapters/cli/command-help.js';
import { ERROR_STATUS } from '../../src/adapters/http/error-status.js';
import { HttpServer } from '../../src/adapters/http/http-server.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import { OpenApiCheck } from '../support/openapi-check.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// The MCP endpoint takes every method; it answers POST and refuses GET and DELETE (see mcp-endpoint.ts).
const MCP_METHODS = ['DELETE', 'GET', 'POST'];

const [kind] = databaseKinds();
describe('GET /openapi.json', () => {
  let t: TestService;
  let served: Response;
  let doc: Json;
  let check: OpenApiCheck;

  before(async () => {
    t = await startTestService(kind!);
    served = await t.get('/openapi.json');
    doc = (await served.clone().json()) as Json;
    check = new OpenApiCheck(doc);
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
  });
  after(() => t.stop());

  const expectDeclared = (res: Response, path: string, method: string, status: number) => check.expectDeclared(res, path, method, status);
  const expectMatches = (body: unknown, schema: Json) => check.expectMatches(body, schema);

  it('is served as JSON, cached an hour, and is a valid OpenAPI 3.1 document', async () => {
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(served.headers.get('cache-control')).to.equal('public, max-age=3600');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.valid, JSON.stringify(result.errors, null, 1)).to.equal(true);
    expect(validator.version).to.equal('3.1');
    expect(doc.openapi).to.match(/^3\.1\./);
  });

  it('names BASE_URL as its server', async () => {
    const other = await startTestService(kind!, { BASE_URL: 'https://vetted.example.org' });
    try {
      const document = (await (await other.get('/openapi.json')).json()) as Json;
      expect(document.servers).to.deep.equal([{ url: 'https://vetted.example.org' }]);
    } finally {
      await other.stop();
    }
  });

  it('names every operation with a unique operationId and tags, and carries the one release version /status and the CLI print', async () => {
    const operations = Object.values(doc.paths as Json).flatMap((item: Json) => METHODS.filter((m) => item[m]).map((m) => item[m] as Json));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z]+$/.test(id))).to.deep.equal([]);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(operations.filter((operation) => !(operation.tags?.length > 0))).to.deep.equal([]);
    const status = (await (await t.get('/status')).json()) as Json;
    expect(doc.info.version).to.equal(status.data.version);
    expect(VERSION_LINE).to.equal(`vetted ${doc.info.version}`);
    expect(doc.info.version).to.equal(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(doc.info['x-contract-version']).to.equal('1.1.0');
  });

  it('describes every route the server mounts, with its methods, and no route it does not mount', () => {
    const mounted = new Map<string, string[]>();
    for (const { path, methods } of t.service.container.get(HttpServer).routes()) {
      const template = path.replace(/[:*](\w+)/g, '{$1}');
      const list = methods.includes('ALL') ? MCP_METHODS : methods;
      mounted.set(template, [...new Set([...(mounted.get(template) ?? []), ...list])].sort());
    }
    const documented = new Map<string, string[]>();
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      documented.set(
        path,
        Object.keys(item)
          .filter((k) => METHODS.includes(k))
          .map((m) => m.toUpperCase())
          .sort(),
      );
    }
    expect(Object.fromEntries([...documented].sort())).to.deep.equal(Object.fromEntries([...mounted].sort()));
    expect(mounted.get('/mcp')).to.deep.equal(MCP_METHODS);
  });

  it('declares the failure envelope once, with every error code', () => {
    const envelope = doc.components.schemas.ErrorEnvelope as Json;
    expect(envelope.properties.error.properties.code.enum).to.deep.equal(Object.keys(ERROR_STATUS));
    const verify = doc.paths['/verify/{domain}'].get.responses;
    expect(verify['400'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(doc.paths['/api/scan'].post.responses['429'].headers).to.have.property('Retry-After');
    expect(doc.paths['/api/scan'].post.responses['201'].headers).to.have.property('Location');
    expect(doc.paths['/verify/{domain}'].get.parameters.map((p: Json) => `${p.in}:${p.name}`)).to.deep.equal([
      'path:domain',
      'query:signals',
      'query:external',
      'query:format',
      'query:expected',
      'query:pay_to',
      'query:key',
    ]);
    expect(doc.paths['/register'].post.requestBody.content['application/json'].schema.required).to.deep.equal(['domain', 'entity_name', 'contact_email']);
  });

  it('lists its operations in /docs, linked from the index, with no external asset', async () => {
    const docs = await (await t.get('/docs')).text();
    expect(docs).to.match(/\[OpenAPI 3\.1 description\]\(http[^)]*\/openapi\.json\)/);
    expect(docs).to.contain('## HTTP operations');
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const method of Object.keys(item).filter((k) => METHODS.includes(k))) expect(docs).to.contain(`| \`${method.toUpperCase()} ${path}\` |`);
    }
    expect(docs).not.to.match(/<script|<link|!\[/);
  });

  describe('real answers match the schemas it declares', () => {
    it('GET /status and /status/ready', async () => {
      const status = await expectDeclared(await t.get('/status'), '/status', 'get', 200);
      expect(status.data.status).to.equal('operational');
      await expectDeclared(await t.get('/status/ready'), '/status/ready', 'get', 200);
      // The check can fail: the liveness answer is not the readiness one.
      const ready = doc.paths['/status/ready'].get.responses['200'].content['application/json'].schema;
      expect(() => expectMatches(status, ready)).to.throw();
    });

    it('GET /verify/{domain}: not verified, verified, and with signals', async () => {
      const unknown = await expectDeclared(await t.get('/verify/nobody.example.net'), '/verify/{domain}', 'get', 200);
      expect(unknown.data).to.include({ verified: false, entity: null });
      const verified = await expectDeclared(await t.get('/verify/example.com'), '/verify/{domain}', 'get', 200);
      expect(verified.data.verified).to.equal(true);
      const signals = await expectDeclared(await t.get('/verify/example.com?signals=true'), '/verify/{domain}', 'get', 200);
      expect(signals.data.trust_level).to.be.a('string');
      // The richer schema is the one that matches the signals answer, and not the plain verify.
      expectMatches(signals.data, doc.components.schemas.VerifyWithSignals);
      await expectDeclared(await t.get('/verify/example.com?signals=maybe'), '/verify/{domain}', 'get', 400);
    });

    it('GET /lookup/{id}: found, malformed (400) and unknown (404)', async () => {
      const { data } = await expectDeclared(await t.get('/verify/example.com'), '/verify/{domain}', 'get', 200);
      const found = await expectDeclared(await t.get(`/lookup/${data.entity.id}`), '/lookup/{id}', 'get', 200);
      expect(found.data.status).to.equal('active');
      const bad = await expectDeclared(await t.get('/lookup/not-an-id'), '/lookup/{id}', 'get', 400);
      expect(bad.error.code).to.equal('VALIDATION_ERROR');
      const missing = await expectDeclared(await t.get('/lookup/ent_nobody001'), '/lookup/{id}', 'get', 404);
      expect(missing.error.code).to.equal('NOT_FOUND');
    });

    it('POST /register: 201 and 400', async () => {
      const post = (body: unknown) => t.get('/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const created = await expectDeclared(
        await post({ domain: 'shop.example.net', entity_name: 'Shop', contact_email: 'owner@shop.example.net' }),
        '/register',
        'post',
        201,
      );
      expect(created.data.status).to.equal('pending');
      const refused = await expectDeclared(await post({ domain: 'shop.example.net' }), '/register', 'post', 400);
      expect(refused.error.code).to.equal('VALIDATION_ERROR');
    });

    it('POST /api/scan: 400 for an unknown field', async () => {
      const res = await t.get('/api/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'example.com', extra: 1 }),
      });
      const body = await expectDeclared(res, '/api/scan', 'post', 400);
      expect(body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('GET /.well-known/jwks.json and GET /mcp (405)', async () => {
      const jwks = await expectDeclared(await t.get('/.well-known/jwks.json'), '/.well-known/jwks.json', 'get', 200);
      expect(jwks.keys).to.have.length.at.least(1);
      const refused = await expectDeclared(await t.get('/mcp'), '/mcp', 'get', 405);
      expect(refused.error.code).to.equal(-32000);
    });

    it('an unknown route: 404 in the shared failure envelope', async () => {
      const res = await t.get('/no/such/route');
      expect(res.status).to.equal(404);
      const body = await res.json();
      expectMatches(body, { $ref: '#/components/schemas/ErrorEnvelope' });
      expect((body as Json).error.code).to.equal('NOT_FOUND');
    });
  });
});
