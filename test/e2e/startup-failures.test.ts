import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { main } from '../../src/cli.js';
import { closedPort } from '../support/smtp-sink.js';
import { childEnv } from '../support/child-env.js';
import { builtCli } from '../support/built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...builtCli(), 'serve'], { cwd: ROOT, env: { ...childEnv(), PORT: '0', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', fail);
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      done({ code, stdout: out.split('\n').filter(Boolean), stderr: err.split('\n').filter(Boolean) });
    });
  });
}

async function serveInProcess(env: Record<string, string>): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(['serve'], { PORT: '0', ...env }, { out: (l) => stdout.push(l), err: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

describe('start-up failures name their cause, in one line, with the right exit code', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'vetted-start-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const sqlite = () => `sqlite:${join(dir, 'v.sqlite')}`;

  // Every bad value is checked in the configuration's unit tests; these run the real process once each way.
  const badValues: Array<[Record<string, string>, RegExp]> = [
    [{ REPORT_SIGNING_KEY: 'short' }, /^vetted: Invalid configuration: REPORT_SIGNING_KEY must be a PKCS#8 PEM Ed25519 private key/],
    [
      { DATABASE_URL: 'sqlite:/nonexistent-vetted-dir/x.sqlite' },
      /^vetted: Invalid configuration: DATABASE_URL names the folder \/nonexistent-vetted-dir, which does not exist/,
    ],
  ];
  for (const [env, message] of badValues) {
    it(`exits 2 on ${JSON.stringify(env)}`, async () => {
      const run = await serve({ DATABASE_URL: sqlite(), ...env });
      expect(run.code).to.equal(2);
      expect(run.stderr).to.have.length(1);
      expect(run.stderr[0]).to.match(message);
      expect(existsSync('/nonexistent-vetted-dir'), 'no folder made outside the working directory').to.equal(false);
    });
  }

  // A password planted in every URL-valued variable: the one line names the variable, exits 2, and
  // neither it nor the JSON log carries the password; Node prints no deprecation warning.
  const PLANTED = 'Pl4ntedS3cret';
  const secretBearing: Array<[Record<string, string>, string]> = [
    [{ DATABASE_URL: `mysql://u:${PLANTED}@h/db` }, 'DATABASE_URL'],
    [{ DATABASE_URL: `postgres://u:${PLANTED}@h:notaport/db` }, 'DATABASE_URL'],
    [{ DATABASE_URL: `postgres://u:${PLANTED}@h:99999/db` }, 'DATABASE_URL'],
    [{ BASE_URL: `http://u:${PLANTED}@` }, 'BASE_URL'],
    [{ BASE_URL: `ftp://u:${PLANTED}@example.com` }, 'BASE_URL'],
    [{ RDAP_BASE_URL: `ftp://u:${PLANTED}@rdap.example.com` }, 'RDAP_BASE_URL'],
    [{ RDAP_BASE_URL: `http://u:${PLANTED}@rdap.example.com:99999` }, 'RDAP_BASE_URL'],
    [{ SMTP_URL: `smtp://u:${PLANTED}@` }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://mail.example.com:notaport' }, 'SMTP_URL'],
    [{ SMTP_URL: `smtp://u:${PLANTED}@mail.example.com:99999` }, 'SMTP_URL'],
    [{ MCP_ALLOWED_ORIGINS: `https://u:${PLANTED}@app.example.com` }, 'MCP_ALLOWED_ORIGINS'],
  ];
  // Three as real processes (where a deprecation warning would show); the rest through main() in this process.
  const asProcess = new Set([0, 1, 8]);
  for (const [i, [env, variable]] of secretBearing.entries()) {
    it(`exits 2 on a bad ${variable}, naming it in one line without its password (${Object.values(env)[0]!.replace(PLANTED, '…')})`, async () => {
      const run = asProcess.has(i) ? await serve({ DATABASE_URL: sqlite(), ...env }) : await serveInProcess({ DATABASE_URL: sqlite(), ...env });
      expect(run.code).to.equal(2);
      expect(run.stderr).to.have.length(1);
      expect(run.stderr[0]).to.match(new RegExp(`^vetted: Invalid configuration: ${variable} `));
      expect([...run.stdout, ...run.stderr].join('\n')).not.to.contain(PLANTED);
    });
  }

  it('exits 2 when HOST names no address, in one line', async () => {
    const run = await serve({ DATABASE_URL: sqlite(), HOST: 'no-such-host.invalid' });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.deep.equal(['vetted: cannot start: HOST no-such-host.invalid does not resolve to an address']);
  });

  it('exits 2 when POPULAR_DOMAINS_FILE is not a dated list, naming the variable and the line', async () => {
    const file = join(dir, 'popular.csv');
    writeFileSync(file, '# source: Our list\n# as_of: 2026-01-31\nexample.com\n');
    const run = await serveInProcess({ DATABASE_URL: sqlite(), POPULAR_DOMAINS_FILE: file });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.deep.equal(['vetted: Invalid configuration: POPULAR_DOMAINS_FILE line 3: expected bucket,domain with a whole bucket such as 1000.']);
  });

  it('exits 1 when the database cannot be reached, naming DATABASE_URL and the host, with JSON logs and no trace', async () => {
    const port = await closedPort();
    const run = await serve({ DATABASE_URL: `postgres://vetted:${PLANTED}@127.0.0.1:${port}/vetted` });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.have.length(1);
    expect(run.stderr[0]).to.equal(
      `vetted: cannot start: the database named by DATABASE_URL (PostgreSQL at 127.0.0.1:${port}/vetted) cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    for (const line of run.stdout) expect(() => JSON.parse(line), line).not.to.throw();
    expect([...run.stdout, ...run.stderr].join('\n')).not.to.contain(PLANTED);
    expect(run.stdout.join('\n')).not.to.match(/\n\s+at /);
  });
});
