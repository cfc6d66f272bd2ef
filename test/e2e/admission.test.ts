import { expect } from 'chai';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import { createKnex } from '../../src/adapters/persistence/create-knex.js';
import { startService, type RunningService } from '../../src/service.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: any;
}

function scanRequest(base: string, domain: string, forwardedFor?: string): Promise<Answer> {
  return fetch(`${base}/api/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ domain }),
  }).then(async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }));
}

function expectRefusals(answers: Answer[], admitted: number): void {
  expect(
    answers.filter((a) => a.status === 201),
    JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 429).slice(0, 3)),
  ).to.have.length(admitted);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused.map((a) => a.status)).to.satisfy((s: number[]) => s.every((x) => x === 429));
  for (const a of refused) {
    expect(a.body.error.code).to.equal('RATE_LIMITED');
    expect(a.body.error.retry_after_seconds).to.be.a('number').within(1, 3600);
    expect(a.retryAfter).to.equal(String(a.body.error.retry_after_seconds));
  }
}

for (const kind of databaseKinds()) {
  describe(`scan admission under load (${kind.name})`, function () {
    this.timeout(60_000);
    let dns: TestDnsServer;
    let t: TestService;
    // Every name is unknown to this DNS server: scans end at once with an unreachable report.
    const env = () => ({ DNS_SERVERS: dns.address, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });

    before(async () => {
      dns = await startDnsServer({});
    });
    after(() => dns.close());
    afterEach(() => t?.stop());

    it('admits exactly 6 fresh scans of one domain out of 150 simultaneous clients', async () => {
      t = await startTestService(kind, env());
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => scanRequest(t.url, 'hot.example.com', `198.51.100.${i}`)));
      expectRefusals(answers, 6);
    });

    it('admits exactly 10 fresh scans of one client across 40 domains', async () => {
      t = await startTestService(kind, env());
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => scanRequest(t.url, `d${i}.example.com`, '203.0.113.9')));
      expectRefusals(answers, 10);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY is true', async () => {
      t = await startTestService(kind, { ...env(), TRUST_PROXY: 'false' });
      const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => scanRequest(t.url, `p${i}.example.com`, `192.0.2.${i}`)));
      expectRefusals(answers, 10);
    });

    it('holds the limits for two instances sharing one database', async () => {
      t = await startTestService(kind, env());
      const second: RunningService = await startService(loadConfig({ DATABASE_URL: t.database.url, ...env() }), { port: 0, database: t.database.options });
      try {
        const bases = [t.url, `http://127.0.0.1:${second.port}`];
        const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => scanRequest(bases[i % 2]!, 'shared.example.com', `198.51.100.${i}`)));
        expectRefusals(answers, 6);
      } finally {
        await second.stop();
      }
    });
  });
}

describe('fail-closed scanning when the admission store cannot answer (sqlite)', function () {
  this.timeout(30_000);
  let dns: TestDnsServer;
  let t: TestService;

  before(async () => {
    dns = await startDnsServer({});
    t = await startTestService(databaseKinds()[0]!, { DNS_SERVERS: dns.address, LOG_LEVEL: 'warn' });
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('answers 503 SCAN_UNAVAILABLE quickly while reads keep answering, and keeps refusing during the cool-off', async () => {
    const scanned = await scanRequest(t.url, 'before.example.com');
    expect(scanned.status).to.equal(201);
    const reportPath = new URL(scanned.body.data.json_url).pathname;
    // Another process holds the database's write lock past the busy timeout.
    const other = createKnex(t.database.url);
    const lock = await other.transaction();
    await lock('admission_lock').update({ decisions: 0 });
    try {
      const started = Date.now();
      const refused = await scanRequest(t.url, 'during.example.com');
      expect(Date.now() - started).to.be.below(4500);
      expect(refused.status).to.equal(503);
      expect(refused.body.error.code).to.equal('SCAN_UNAVAILABLE');
      expect(refused.retryAfter).to.equal('30');
      expect(refused.body.error.retry_after_seconds).to.equal(30);
      expect((await fetch(`${t.url}/verify/never-cached.example.com`)).status).to.equal(200);
      const verify = (await (await fetch(`${t.url}/verify/before.example.com`)).json()) as any;
      expect(verify.data.readiness.value).to.equal('unknown');
      expect(verify.data.readiness.reasons).to.deep.equal(['the site could not be reached: the name does not resolve']);
      expect((await fetch(`${t.url}${reportPath}`)).status).to.equal(200);
      const coolingOff = await scanRequest(t.url, 'during.example.com');
      expect(coolingOff.status).to.equal(503);
    } finally {
      await lock.rollback();
      await other.destroy();
    }
  });
});
