import { Writable } from 'node:stream';
import { expect } from 'chai';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { KnexReportRepository } from '../../src/adapters/persistence/knex-report-repository.js';
import { startService, type RunningService } from '../../src/service.js';
import { aNewEntity } from '../support/builders.js';
import { aReport } from '../support/hostile-report.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { databaseKinds, type TestDatabase } from '../support/test-databases.js';
import { FAST_JOBS } from '../support/test-service.js';

const PG = databaseKinds().find((k) => k.name === 'postgres');
const REPORT_ID = 'rpt_outage0123456789abcd';

(PG ? describe : describe.skip)('a storage outage, as clients see it (PostgreSQL behind a proxy the test cuts)', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  let proxy: TcpProxy;
  let service: RunningService;
  let base: string;
  let entityId: string;
  const logLines: string[] = [];

  before(async () => {
    database = await PG!.create();
    entityId = (await new KnexEntityRepository(database.db).create(aNewEntity({ domain: 'cached.example.com' }))).id;
    await new KnexReportRepository(database.db).save({
      report: aReport({ id: REPORT_ID }),
      signature: { keyId: 'k', value: 'v', contentSha256: 'c'.repeat(64), alg: 'EdDSA' } as never,
    });
    const target = new URL(database.url);
    proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    const viaProxy = `postgres://${target.username}@127.0.0.1:${proxy.port}${target.pathname}`;
    const sink = new Writable({ write: (chunk, _e, done) => (logLines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    service = await startService(loadConfig({ DATABASE_URL: viaProxy, LOG_LEVEL: 'info' }), {
      port: 0,
      database: database.options,
      logDestination: sink,
      jobs: FAST_JOBS,
    });
    base = `http://127.0.0.1:${service.port}`;
  });
  after(async () => {
    await proxy?.restore();
    await service?.stop();
    await proxy?.close();
    await database?.dispose();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After in every representation, keeps cached reads and liveness, and recovers', async () => {
    expect(((await (await get('/verify/cached.example.com')).json()) as any).data.verified).to.equal(true);
    expect((await get('/status/ready')).status).to.equal(200);
    await proxy.cut();

    const envelope = async (path: string, init?: RequestInit) => {
      const res = await get(path, init);
      expect(res.status, path).to.equal(503);
      expect(res.headers.get('retry-after'), path).to.equal('5');
      const body = (await res.json()) as any;
      expect(body.error.code, path).to.equal('SERVICE_UNAVAILABLE');
      expect(body.error.retry_after_seconds, path).to.equal(5);
    };
    await envelope('/verify/uncached.example.com');
    await envelope(`/lookup/${entityId}`);
    await envelope(`/reports/${REPORT_ID}.json`);
    await envelope(`/reports/${REPORT_ID}/evidence/1`);
    await envelope('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'new.example.com', entity_name: 'New', entity_type: 'business', contact_email: 'o@new.example.com' }),
    });
    await envelope('/status/ready');
    const page = await get(`/reports/${REPORT_ID}`);
    expect([page.status, page.headers.get('content-type')]).to.deep.equal([503, 'text/html; charset=utf-8']);
    expect(await page.text()).to.contain('<h1>Briefly unavailable</h1>');
    const markdown = await get(`/reports/${REPORT_ID}.md`);
    expect(markdown.status).to.equal(503);
    expect(await markdown.text()).to.match(/^# Briefly unavailable\n/);
    const mcp = await get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'verify_domain', arguments: { domain: 'uncached2.example.com' } } }),
    });
    const tool = ((await mcp.json()) as any).result;
    expect(tool.isError).to.equal(true);
    expect(tool._meta).to.deep.equal({ 'vetted/error_code': 'SERVICE_UNAVAILABLE', 'vetted/retry_after_seconds': 5 });
    expect((await get('/verify/cached.example.com')).status, 'cached answers keep coming').to.equal(200);
    expect((await get('/status')).status, 'liveness needs no database').to.equal(200);

    await proxy.restore();
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      ready = (await get('/status/ready')).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).to.equal(200);
    expect((await get('/verify/uncached.example.com')).status).to.equal(200);
    for (const line of logLines) expect(() => JSON.parse(line), line).not.to.throw();
    expect(logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'unhandled error')).to.deep.equal([]);
  });
});
