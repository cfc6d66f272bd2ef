import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { SERVICE_VERSION } from '../../src/domain/service-info.js';
import { runCli as vetted, spawnCli as spawned } from '../support/cli-run.js';
import { startDnsServer } from '../support/dns-server.js';
import { childEnv } from '../support/child-env.js';
import { builtCli } from '../support/built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the vetted CLI, as a process', () => {
  let dir: string;
  let env: Record<string, string>;
  let dbFile: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-cli-'));
    dbFile = join(dir, 'data', 'vetted.sqlite');
    // Outside the working directory the database's folder must exist already (see configuration).
    mkdirSync(join(dir, 'data'));
    env = { DATABASE_URL: `sqlite:${dbFile}` };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('exits with code 2 and usage on stderr for bad arguments, as a real process', async () => {
    const run = await spawned(['entity', 'add', '--domain', 'example.com'], env);
    expect(run.code).to.equal(2);
    expect(run.stderr)
      .to.match(/^vetted: entity add needs --name/)
      .and.contain('Usage: vetted');
    expect(existsSync(dbFile)).to.equal(false);
  });

  it('prints the version with --version and -V, and the usage listing them with help and --help', async () => {
    expect(await spawned(['--version'], env)).to.deep.equal({ code: 0, stdout: `vetted ${SERVICE_VERSION}\n`, stderr: '' });
    expect(await vetted(['-V'], env)).to.deep.equal({ code: 0, stdout: `vetted ${SERVICE_VERSION}\n`, stderr: '' });
    // Without a usable configuration too: the version needs no database.
    expect(await vetted(['--version'], { ...env, DATABASE_URL: 'nonsense' })).to.deep.equal({ code: 0, stdout: `vetted ${SERVICE_VERSION}\n`, stderr: '' });
    for (const args of [['help'], ['--help']]) {
      const help = await vetted(args, env);
      expect(help).to.deep.include({ code: 0, stderr: '' });
      expect(help.stdout).to.contain('Usage: vetted').and.contain('--version, -V').and.contain('entity import FILE');
    }
  });

  it('answers bad arguments with usage on stderr, exit code 2, and writes nothing', async () => {
    for (const args of [
      ['entity', 'add', '--domain', 'example.com'],
      ['entity', 'add', '--name', 'X', '--domain', 'a.com', '--bogus'],
      ['block'],
      ['frobnicate'],
    ]) {
      const run = await vetted(args, env);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr)
        .to.match(/^vetted: /)
        .and.contain('Usage: vetted');
      expect(run.stdout).to.equal('');
    }
    expect(existsSync(dbFile)).to.equal(false);
  });

  it('answers a bad configuration value with one line naming it and exit code 2', async () => {
    const run = await spawned(['entity', 'list'], { ...env, LOG_LEVEL: 'loud' });
    expect(run.code).to.equal(2);
    expect(run.stderr.trim()).to.equal('vetted: Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").');
    const base = await spawned(['serve'], { ...env, BASE_URL: 'notaurl' });
    expect(base).to.deep.include({ code: 2, stderr: 'vetted: Invalid configuration: BASE_URL must be an absolute http or https URL (got "notaurl").\n' });
  });

  it('adds and lists entities, refusing invalid input with exit code 2 and no write', async () => {
    const bad = await vetted(['entity', 'add', '--domain', '10.0.0.1', '--name', 'X'], env);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('IP addresses are not accepted');
    const badType = await vetted(['entity', 'add', '--domain', 'example.com', '--name', 'X', '--type', 'company'], env);
    expect(badType.code).to.equal(2);
    expect(badType.stderr).to.contain('--type must be one of organization, business');
    const badExpiry = await vetted(['entity', 'add', '--domain', 'example.com', '--name', 'X', '--expires', 'tomorrow'], env);
    expect(badExpiry).to.deep.include({ code: 2, stderr: 'vetted: --expires must be an ISO 8601 instant with a time zone (2027-01-31T00:00:00Z).\n' });
    const added = await vetted(
      [
        'entity',
        'add',
        '--domain',
        'example.com',
        '--name',
        'Example Corp',
        '--type',
        'business',
        '--level',
        'enterprise',
        '--expires',
        '2030-01-01T00:00:00Z',
      ],
      env,
    );
    expect(added).to.deep.include({ code: 0, stdout: 'ent_examplecorp001\n' });
    const list = await vetted(['entity', 'list', '--json'], env);
    const entities = JSON.parse(list.stdout);
    expect(entities).to.have.length(1);
    expect(Object.keys(entities[0])).to.deep.equal(['id', 'name', 'domain', 'level', 'type', 'verified_at', 'expires_at', 'status']);
    expect(entities[0]).to.deep.include({
      id: 'ent_examplecorp001',
      domain: 'example.com',
      type: 'business',
      level: 'enterprise',
      expires_at: '2030-01-01T00:00:00.000Z',
      status: 'active',
    });
  });

  it('imports entities from JSON Lines or CSV, all or nothing, naming the bad line', async () => {
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const badLine = await vetted(['entity', 'import', file('bad.jsonl', '{"domain":"a.com","name":"A"}\n\n{"name":"No Domain"}\n')], env);
    expect(badLine).to.deep.equal({ code: 2, stdout: '', stderr: 'vetted: line 3: domain is required. Nothing was imported.\n' });
    const quoted = await spawned(['entity', 'import', file('quoted.csv', 'domain,name\na.com,"Acme, Inc."\n')], env);
    expect(quoted).to.deep.include({ code: 2, stdout: '' });
    expect(quoted.stderr).to.equal(
      'vetted: line 2: quoted CSV fields are not supported (a field with a comma or a double quote needs JSON Lines). Nothing was imported.\n',
    );
    expect(JSON.parse((await vetted(['entity', 'list', '--json'], env)).stdout)).to.deep.equal([]);

    const jsonl = await vetted(
      [
        'entity',
        'import',
        file('good.txt', '{"domain":"a.com","name":"Acme","type":"business","expires_at":"2030-01-01T00:00:00Z"}\n{"domain":"b.com","name":"Acme"}\n'),
      ],
      env,
    );
    expect(jsonl).to.deep.equal({ code: 0, stdout: 'added 2 entities\n', stderr: '' });
    const csv = await vetted(['entity', 'import', file('good.csv', 'domain,name,level\nc.com,Cee,enterprise\n')], env);
    expect(csv).to.deep.equal({ code: 0, stdout: 'added 1 entity\n', stderr: '' });
    const listed = JSON.parse((await vetted(['entity', 'list', '--json'], env)).stdout) as Array<Record<string, string>>;
    expect(listed.map((e) => [e.id, e.domain, e.type, e.level, e.expires_at])).to.deep.equal([
      ['ent_acme001', 'a.com', 'business', 'verified', '2030-01-01T00:00:00.000Z'],
      ['ent_acme002', 'b.com', 'organization', 'verified', listed[1]!.expires_at],
      ['ent_cee001', 'c.com', 'organization', 'enterprise', listed[2]!.expires_at],
    ]);
  });

  it('scans with --json: reused and age_seconds beside the signed report, links from BASE_URL', async function () {
    this.timeout(60_000);
    const dns = await startDnsServer({});
    try {
      const scanEnv = { ...env, DNS_SERVERS: dns.address, BASE_URL: 'https://vetted.example.org/' };
      // A name that does not resolve is a site that could not be reached: stored, printed, and exit 1.
      const fresh = await vetted(['scan', 'nowhere.example.com', '--json', '--fresh'], scanEnv);
      expect(fresh.code, fresh.stderr).to.equal(1);
      expect(fresh.stderr).to.contain('nowhere.example.com could not be reached: the name does not resolve');
      const report = JSON.parse(fresh.stdout);
      expect(Object.keys(report).slice(0, 6)).to.deep.equal(['reused', 'age_seconds', 'report_url', 'report_id', 'domain', 'scanned_at']);
      expect(report).to.deep.include({
        reused: false,
        age_seconds: 0,
        report_url: `https://vetted.example.org/reports/${report.report_id}`,
        domain: 'nowhere.example.com',
      });
      expect(report.content_sha256).to.match(/^[0-9a-f]{64}$/);
      const again = JSON.parse((await vetted(['scan', 'nowhere.example.com', '--json'], scanEnv)).stdout);
      expect(again).to.deep.include({ reused: true, report_id: report.report_id, report_url: report.report_url });
      expect(again.age_seconds).to.be.a('number').and.at.least(0);
      const text = await vetted(['scan', 'nowhere.example.com'], scanEnv);
      expect(text.stdout.trim().split('\n').at(-1)).to.equal(`report: ${report.report_url}`);
    } finally {
      await dns.close();
    }
  });

  it('blocks, imports all-or-nothing, lists and unblocks', async () => {
    expect((await vetted(['block', 'add', 'evil.com', '--reason', 'phishing'], env)).stdout).to.equal('blocked evil.com\n');
    const badFile = join(dir, 'bad.txt');
    writeFileSync(badFile, '# spam list\nspam1.com\nnot a domain!\n');
    const bad = await vetted(['block', 'import', badFile], env);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('Nothing was blocked');
    const goodFile = join(dir, 'good.txt');
    writeFileSync(goodFile, '# spam list\n\nspam1.com   bulk spam\nSPAM2.com # trailing comment\nevil.com\n');
    expect((await vetted(['block', 'import', goodFile], env)).stdout).to.equal('imported 2 domains, 1 already blocked\n');
    expect((await vetted(['block', 'import', join(dir, 'missing.txt')], env)).code).to.equal(2);
    const list = JSON.parse((await vetted(['block', 'list', '--json'], env)).stdout);
    expect(Object.keys(list[0])).to.deep.equal(['domain', 'reason', 'blocked_at']);
    expect(list.map((b: { domain: string; reason: string }) => [b.domain, b.reason])).to.deep.equal([
      ['evil.com', 'phishing'],
      ['spam1.com', 'bulk spam'],
      ['spam2.com', 'The domain is on the operator blocklist.'],
    ]);
    expect((await vetted(['block', 'remove', 'spam1.com'], env)).stdout).to.equal('unblocked spam1.com\n');
    expect((await vetted(['block', 'remove', 'spam1.com'], env)).stdout).to.equal('spam1.com was not blocked\n');
  });

  it('lists the job queues with --json in snake_case', async () => {
    const queues = JSON.parse((await vetted(['jobs', '--json'], env)).stdout) as object[];
    expect(queues).to.not.be.empty;
    for (const queue of queues) expect(Object.keys(queue)).to.deep.equal(['kind', 'waiting', 'active', 'failed', 'completed']);
  });

  describe('serve', () => {
    let child: ChildProcess | undefined;
    afterEach(() => child?.kill('SIGKILL'));

    it('serves what the CLI added, then shuts down cleanly on SIGTERM', async () => {
      await vetted(['entity', 'add', '--domain', 'example.com', '--name', 'Example Corp', '--type', 'business'], env);
      child = spawn(process.execPath, [...builtCli(), 'serve'], {
        cwd: ROOT,
        env: { ...childEnv(), ...env, PORT: '0', LOG_LEVEL: 'info' },
      });
      const lines: Record<string, unknown>[] = [];
      const port = await new Promise<number>((resolvePort, reject) => {
        let buffer = '';
        child!.stdout!.on('data', (chunk) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf('\n')) >= 0) {
            const line = JSON.parse(buffer.slice(0, newline));
            buffer = buffer.slice(newline + 1);
            lines.push(line);
            if (line.msg === 'listening') resolvePort(line.port);
          }
        });
        child!.on('exit', () => reject(new Error('serve exited early')));
      });
      const body = (await (await fetch(`http://127.0.0.1:${port}/verify/sub.example.com`)).json()) as any;
      expect(body.data).to.deep.include({ domain: 'sub.example.com', verified: true });
      expect(body.data.entity.id).to.equal('ent_examplecorp001');
      const lookup = (await (await fetch(`http://127.0.0.1:${port}/lookup/ent_examplecorp001`)).json()) as any;
      expect(JSON.parse((await vetted(['entity', 'list', '--json'], env)).stdout)).to.deep.equal([lookup.data]);
      const exited = new Promise<number | null>((r) => child!.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(lines.map((l) => l.msg)).to.include.members(['shutting down', 'stopped']);
    });
  });
});
