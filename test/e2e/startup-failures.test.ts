import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { closedPort } from '../support/smtp-sink.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } });
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

describe('start-up failures name their cause, in one line, with the right exit code', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'vetted-start-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const sqlite = () => `sqlite:${join(dir, 'v.sqlite')}`;

  // Every bad value is checked in the configuration's unit tests; these run the real process once each way.
  const badValues: Array<[Record<string, string>, RegExp]> = [
    [{ REPORT_SIGNING_KEY: 'short' }, /^vetted: Invalid configuration: REPORT_SIGNING_KEY must be a PKCS#8 PEM Ed25519 private key/],
    [{ DATABASE_URL: 'sqlite:/nonexistent-vetted-dir/x.sqlite' }, /^vetted: Invalid configuration: DATABASE_URL names the folder \/nonexistent-vetted-dir, which does not exist/],
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

  it('exits 2 when HOST names no address, in one line', async () => {
    const run = await serve({ DATABASE_URL: sqlite(), HOST: 'no-such-host.invalid' });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.deep.equal(['vetted: cannot start: HOST no-such-host.invalid does not resolve to an address']);
  });

  it('exits 1 when the database cannot be reached, naming DATABASE_URL and the host, with JSON logs and no trace', async () => {
    const port = await closedPort();
    const run = await serve({ DATABASE_URL: `postgres://vetted:secret@127.0.0.1:${port}/vetted` });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.have.length(1);
    expect(run.stderr[0]).to.equal(`vetted: cannot start: the database named by DATABASE_URL (PostgreSQL at 127.0.0.1:${port}/vetted) cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}`);
    for (const line of run.stdout) expect(() => JSON.parse(line), line).not.to.throw();
    expect(run.stdout.join('\n')).not.to.contain('secret');
    expect(run.stdout.join('\n')).not.to.match(/\n\s+at /);
  });
});
