import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createPgDatabase, runCli, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { FAST_JOBS } from '../support/test-service.js';
import { childEnv } from '../support/child-env.js';
import { builtCli } from '../support/built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PG_URL = process.env.VETTED_TEST_PG_URL;

(PG_URL ? describe : describe.skip)('`vetted worker` and `vetted jobs` beside a serve-only instance (PostgreSQL, real processes)', function () {
  this.timeout(90_000);
  let database: PgTestDatabase;
  let dns: TestDnsServer;
  let server: InstanceProcess;

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    dns = await startDnsServer({});
    server = await startInstance({ ROLE: 'serve', DATABASE_URL: database.url, WORKERS: '0', DNS_SERVERS: dns.address }, { jobs: FAST_JOBS });
  });
  after(async () => {
    await server?.stop();
    await dns?.close();
    await database?.dispose();
  });

  it('runs the scans a WORKERS=0 instance queues, lists the queues, and stops cleanly on SIGTERM', async () => {
    const env = { ...childEnv(), UV_THREADPOOL_SIZE: '16', LOG_LEVEL: 'info', DATABASE_URL: database.url, DNS_SERVERS: dns.address };
    const worker = spawn(process.execPath, [...builtCli(), 'worker'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stdout.on('data', (c) => (output += c));
    worker.stderr.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((done) => worker.on('exit', (code) => done(code)));
    try {
      const res = await fetch(`${server.url}/api/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'respond-async' },
        body: '{"domain":"nowhere.example.com"}',
      });
      expect(res.status).to.equal(202);
      const { scan_id: scanId } = ((await res.json()) as any).data;
      let state = 'queued';
      for (let i = 0; i < 300 && state !== 'done' && state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        state = ((await (await fetch(`${server.url}/api/scans/${scanId}`)).json()) as any).data.state;
      }
      expect(state, output.slice(-2000)).to.equal('done');
      expect(server.logged('scan failed')).to.deep.equal([]);

      const jobs = await runCli(['jobs', '--json'], { DATABASE_URL: database.url });
      expect(jobs.code, jobs.stderr).to.equal(0);
      const queues = JSON.parse(jobs.stdout) as Array<{ kind: string; completed: number; failed: number }>;
      expect(queues.map((q) => q.kind).sort()).to.deep.equal([
        'cdn.purge',
        'events.detect',
        'events.sweep',
        'observations.first',
        'observations.refresh',
        'observations.sweep',
        'ownership.check',
        'proof.recheck',
        'proof.sweep',
        'scan.run',
        'webhook.deliver',
      ]);
      expect(queues.find((q) => q.kind === 'scan.run')).to.deep.include({ completed: 1, failed: 0 });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).to.equal(0);
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.to.throw();
    expect(
      lines.some((l) => l.includes('"msg":"listening"')),
      'a worker serves no HTTP',
    ).to.equal(false);
  });
});
