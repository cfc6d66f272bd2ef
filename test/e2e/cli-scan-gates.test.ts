import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { CliCommands } from '../../src/adapters/cli/cli-commands.js';
import { COMMAND_SPECS } from '../../src/adapters/cli/cli-module.js';
import { parseCommandLine } from '../../src/adapters/cli/command-line.js';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import { Database } from '../../src/adapters/persistence/create-knex.js';
import { SchemaMigrator } from '../../src/application/ports/schema-migrator.js';
import { main } from '../../src/cli.js';
import { buildContainer } from '../../src/main.js';
import { closeContainer } from '../../src/service.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { goodHomepageHandler, goodSiteFiles } from '../support/good-site.js';
import { createTestCa } from '../support/test-ca.js';
import { childEnv } from '../support/child-env.js';
import { builtCli } from '../support/built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOUR_MS = 3_600_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('vetted scan as a CI gate, against real local sites', function () {
  this.timeout(60_000);
  let ca: Awaited<ReturnType<typeof createTestCa>>;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['good.example.com', 'bare.example.com']) });
    site.route('good.example.com/', { handler: goodHomepageHandler('good.example.com') });
    for (const [path, file] of Object.entries(goodSiteFiles('good.example.com').https)) if (path !== '/') site.route(`good.example.com${path}`, file);
    site.route('bare.example.com/', {
      headers: { 'content-type': 'text/html' },
      body: '<html lang="en"><head><title>Bare</title></head><body>Nothing else here.</body></html>',
    });
    dns = await startDnsServer({
      'good.example.com': { A: ['127.0.0.1'] },
      'bare.example.com': { A: ['127.0.0.1'] },
      'refused.example.com': { A: ['127.0.0.1'] },
    });
  });
  after(async () => {
    await site?.close();
    await dns?.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-cli-gates-'));
    mkdirSync(join(dir, 'data'));
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'data', 'vetted.sqlite')}`,
      DNS_SERVERS: dns.address,
      SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
      BASE_URL: 'https://vetted.example.org',
      LOG_LEVEL: 'warn',
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** What `main` does, with a fetcher that trusts the test CA and reaches the fixture site's ports. */
  async function vetted(args: string[], extraEnv: Record<string, string> = {}, stdin?: string, portMap = site.portMap): Promise<Run> {
    const run: Run = { code: null, stdout: '', stderr: '' };
    const line = parseCommandLine(args, COMMAND_SPECS);
    if (line.kind !== 'command' || line.spec.name !== 'scan') throw new Error(`not a scan: ${args.join(' ')}`);
    const container = buildContainer(loadConfig({ ...env, ...extraEnv }), {
      fetcher: { ca: [ca.cert], portMap, resourceTimeoutMs: 3000 },
      logDestination: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      await container.get<SchemaMigrator>(SchemaMigrator).migrate();
      run.code = await container.get(CliCommands).run('scan', line.input, {
        out: (l) => (run.stdout += `${l}\n`),
        err: (l) => (run.stderr += `${l}\n`),
        readInput: stdin === undefined ? undefined : async () => stdin,
      });
    } finally {
      await closeContainer(container);
    }
    return run;
  }

  function spawned(args: string[]): Promise<Run> {
    return new Promise((resolvePromise, reject) => {
      const child = spawn(process.execPath, [...builtCli(), ...args], { cwd: ROOT, env: { ...childEnv(), ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    });
  }

  const lastLine = (text: string) => text.trim().split('\n').at(-1);
  const jsonLines = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('exits 2 for a bad gate value or domain, naming it in one line, as a real process and in this one', async () => {
    const requestsBefore = site.requests.length;
    const bad = await spawned(['scan', 'good.example.com', '--fail-under', '101']);
    expect(bad).to.deep.include({ code: 2, stdout: '' });
    expect(bad.stderr).to.match(/^vetted: --fail-under must be a whole number from 0 to 100 \(got "101"\)\n\nUsage: vetted/);
    expect(existsSync(join(dir, 'data', 'vetted.sqlite'))).to.equal(false);
    let stderr = '';
    const inProcess = (args: string[]) => main(args, env, { out: () => undefined, err: (l) => (stderr += `${l}\n`) });
    const cases: Array<[string[], string]> = [
      [['scan', 'good.example.com', '--fail-under', 'high'], 'vetted: --fail-under must be a whole number from 0 to 100 (got "high")'],
      [['scan', 'good.example.com', '--require', 'perfect'], 'vetted: --require must be ready or limited (got "perfect")'],
      [['scan', 'good.example.com', '--file', 'list.txt'], 'vetted: scan takes a DOMAIN or --file LIST, not both'],
      [['scan', '--require', 'ready'], 'vetted: scan needs a DOMAIN or --file LIST'],
      [['scan', 'not a domain!', '--require', 'ready'], 'vetted: Invalid domain "not a domain!"'],
      [['scan', '--file', join(dir, 'missing.txt')], `vetted: cannot read ${join(dir, 'missing.txt')}: ENOENT`],
    ];
    for (const [args, message] of cases) {
      stderr = '';
      expect(await inProcess(args), args.join(' ')).to.equal(2);
      expect(stderr.split('\n')[0], args.join(' ')).to.contain(message);
    }
    expect(site.requests.length).to.equal(requestsBefore);
  });

  it('exits 0 when the score and readiness meet the gate, and 1 with what was missed on stderr when not', async () => {
    const good = await vetted(['scan', 'good.example.com', '--fail-under', '100', '--require', 'ready']);
    expect(good.code, good.stderr).to.equal(0);
    expect(good.stdout.split('\n')[0]).to.equal('good.example.com: score 100/100, readiness ready');
    expect(good.stderr).to.not.contain('not met');

    const bare = await vetted(['scan', 'bare.example.com', '--json', '--fail-under', '90']);
    expect(bare.code).to.equal(1);
    const report = JSON.parse(bare.stdout);
    expect(report).to.include({ domain: 'bare.example.com', reused: false });
    expect(report.score).to.be.below(70);
    expect(lastLine(bare.stderr)).to.equal(`vetted: not met: score ${report.score} is under 90`);

    const notReady = await vetted(['scan', 'bare.example.com', '--require', 'ready']);
    expect(notReady.code).to.equal(1);
    expect(notReady.stdout.split('\n')[0]).to.equal(`bare.example.com: score ${report.score}/100, readiness limited (core score ${report.score} is below 70)`);
    expect(lastLine(notReady.stderr)).to.equal('vetted: not met: readiness limited is not ready');
    const both = await vetted(['scan', 'bare.example.com', '--require', 'ready', '--fail-under', '70']);
    expect(both.code).to.equal(1);
    expect(lastLine(both.stderr)).to.equal(`vetted: not met: score ${report.score} is under 70; readiness limited is not ready`);
    const limited = await vetted(['scan', 'bare.example.com', '--require', 'limited', '--fail-under', String(report.score)]);
    expect(limited.code, limited.stderr).to.equal(0);
  });

  it('exits 1 for a name that does not resolve, gate or none, saying so, as a real process', async () => {
    const run = await spawned(['scan', 'nowhere.example.com', '--require', 'limited', '--fail-under', '0']);
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stdout.split('\n').slice(0, 2)).to.deep.equal([
      'nowhere.example.com: not judged, readiness unknown (the site could not be reached: the name does not resolve)',
      '  error  0/0  site_reachable: The site could not be reached: the name does not resolve. No check was judged and no score given; a scan once the site answers judges it.',
    ]);
    expect(run.stdout).to.not.contain('declarations:');
    expect(run.stderr.trim().split('\n').slice(-2)).to.deep.equal([
      'vetted: not met: no score: the site could not be reached; readiness unknown is not limited or ready',
      'vetted: nowhere.example.com could not be reached: the name does not resolve; nothing was judged',
    ]);
    const ungated = await spawned(['scan', 'nowhere.example.com', '--fresh', '--json']);
    expect(ungated.code, ungated.stderr).to.equal(1);
    expect(JSON.parse(ungated.stdout)).to.deep.include({ domain: 'nowhere.example.com', score: null });
    expect(lastLine(ungated.stderr)).to.equal('vetted: nowhere.example.com could not be reached: the name does not resolve; nothing was judged');
  });

  it('exits 1 for a name whose ports refuse connections, saying so', async () => {
    const closed = await new Promise<number>((resolvePort) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolvePort(port));
      });
    });
    const run = await vetted(['scan', 'refused.example.com'], {}, undefined, { 443: closed, 80: closed });
    expect(run.code, run.stderr).to.equal(1);
    expect(run.stdout.split('\n')[0]).to.equal(
      'refused.example.com: not judged, readiness unknown (the site could not be reached: connection refused on 443 and 80)',
    );
    expect(lastLine(run.stderr)).to.equal('vetted: refused.example.com could not be reached: connection refused on 443 and 80; nothing was judged');
    expect(run.stderr).to.match(/https_root +CONNECT_FAILED/);
  });

  it('scans a list, waiting out a spent client budget, with one JSON line per domain and progress on stderr', async () => {
    // Two admissions of the client in the last hour that leave the window in 2 and 4 s: with a budget
    // of 2 the first scan is refused until the older one leaves.
    const container = buildContainer(loadConfig(env), { logDestination: new Writable({ write: (_c, _e, done) => done() }) });
    try {
      await container.get<SchemaMigrator>(SchemaMigrator).migrate();
      const now = Date.now();
      await container
        .get<Knex>(Database)('scan_admissions')
        .insert([2_000, 4_000].map((ms) => ({ client_id: 'cli', domain: 'seed.example.com', admitted_at_ms: now - HOUR_MS + ms })));
    } finally {
      await closeContainer(container);
    }
    const list = join(dir, 'targets.txt');
    writeFileSync(list, '# CI targets\ngood.example.com\n\nnot a domain!\nbare.example.com   # no agent files\ngood.example.com\n');
    const started = Date.now();
    const run = await vetted(['scan', '--file', list, '--require', 'limited'], { SCAN_LIMIT_PER_CLIENT_HOUR: '2' });
    expect(Date.now() - started).to.be.above(1_000);
    expect(run.code, run.stderr).to.equal(1);
    const lines = jsonLines(run.stdout);
    expect(lines).to.have.length(4);
    const reportUrl = /^https:\/\/vetted\.example\.org\/reports\/rpt_\S+$/;
    expect(lines[0]).to.deep.include({ line: 2, domain: 'good.example.com', ok: true, score: 100, readiness: 'ready', reused: false, unmet: [], error: null });
    expect(lines[0]!.report_url).to.match(reportUrl);
    expect(lines[1]).to.deep.equal({
      line: 4,
      domain: 'not a domain!',
      ok: false,
      score: null,
      readiness: null,
      report_url: null,
      reused: null,
      unmet: [],
      error: lines[1]!.error,
    });
    expect(lines[1]!.error).to.deep.include({ code: 'VALIDATION_ERROR' }).and.have.property('message').that.contains('Invalid domain "not a domain!"');
    expect(lines[2]).to.deep.include({ line: 5, domain: 'bare.example.com', ok: true, readiness: 'limited', reused: false, unmet: [], error: null });
    expect(lines[3]).to.deep.include({
      line: 6,
      domain: 'good.example.com',
      ok: true,
      score: 100,
      readiness: 'ready',
      reused: true,
      report_url: lines[0]!.report_url,
    });
    const progress = run.stderr.split('\n');
    for (const [i, domain] of ['good.example.com', 'not a domain!', 'bare.example.com', 'good.example.com'].entries())
      expect(progress).to.include(`[${i + 1}/4] ${domain} ...`);
    expect(run.stderr).to.match(/the client scan budget is spent: waiting [1-4] s, then trying again/);
    expect(run.stderr).to.not.contain('RATE_LIMITED');
  });

  it('reads a list from standard input with -, exiting 0 when every domain meets the gate and 1 when one does not', async () => {
    const met = await vetted(['scan', '--file', '-', '--require', 'limited'], {}, 'good.example.com\nbare.example.com\n');
    expect(met.code, met.stderr).to.equal(0);
    expect(jsonLines(met.stdout).map((l) => [l.domain, l.ok, l.readiness])).to.deep.equal([
      ['good.example.com', true, 'ready'],
      ['bare.example.com', true, 'limited'],
    ]);
    expect(met.stderr).to.contain('[1/2] good.example.com ...').and.contain('[2/2] bare.example.com ...');

    const missed = await vetted(['scan', '--file', '-', '--fail-under', '70'], {}, 'good.example.com\nbare.example.com\n');
    expect(missed.code).to.equal(1);
    const [good, bare] = jsonLines(missed.stdout);
    expect(good).to.deep.include({ ok: true, reused: true, unmet: [] });
    expect(bare).to.deep.include({ ok: false, reused: true, unmet: [`score ${bare!.score} is under 70`], error: null });
    const empty = await vetted(['scan', '--file', '-'], {}, '# nothing yet\n\n');
    expect(empty).to.deep.include({ code: 2, stdout: '', stderr: 'vetted: standard input lists no domains\n' });
  });
});
