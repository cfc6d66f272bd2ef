import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { childEnv } from '../support/child-env.js';
import { freePort } from '../support/service-process.js';
import { waitUntil } from '../support/wait-until.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The commands of each `sh` block of the README's quick start, comments dropped. */
function quickStartBlocks(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    block[1]!
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== ''),
  );
}

/**
 * The project's files as a fresh clone has them, in `dir`, with this checkout's node_modules (what
 * `npm install` made): `npm start` builds there, so the build it runs never rewrites the dist/ that
 * other suites' child processes are loading.
 */
function cloneInto(dir: string): string {
  const root = join(dir, 'vetted');
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .stdout.split('\0')
    .filter((f) => f !== '' && f !== 'node_modules' && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(ROOT, file), join(root, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}

/** Runs `command` in a shell from the project's folder, as a person would type it. */
function sh(command: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('the quick start, as the README writes it', function () {
  this.timeout(180_000);

  it('has two commands, and the entity the CLI adds is verified on the very next curl, with no stale answer to keep', async () => {
    const [setup, then] = quickStartBlocks();
    expect(setup).to.deep.equal(['npm install && npm start', 'npm install && npm test']);
    expect(then).to.have.length(2);
    const [add, curl] = then as [string, string];
    expect(add).to.match(/^npx vetted entity add --domain example\.com /);
    expect(curl).to.equal('curl -s http://127.0.0.1:8080/verify/example.com');

    // What CI ran already is `npm install`; the rest runs as written, in a copy of the files a clone
    // has, on a port and a database of its own.
    const dir = mkdtempSync(join(tmpdir(), 'vetted-quick-start-'));
    const root = cloneInto(dir);
    const port = await freePort();
    const env = { ...childEnv(), HOME: process.env.HOME ?? dir, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'vetted.sqlite')}`, LOG_LEVEL: 'warn' };
    const server = spawn('sh', ['-c', 'npm start'], { cwd: root, env, stdio: 'ignore', detached: true });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitUntil('npm start serves', async () => (await fetch(`${base}/status`).catch(() => undefined))?.ok === true, 150_000, 200);
      // A cache that saw example.com before the write is what would keep the wrong answer.
      const before = (await (await fetch(`${base}/verify/example.com`)).json()) as { data: { verified: boolean } };
      expect(before.data.verified).to.equal(false);

      const added = await sh(add, root, env);
      expect(added.code, added.stderr).to.equal(0);
      const answered = await sh(curl.replace('127.0.0.1:8080', `127.0.0.1:${port}`), root, env);
      expect(answered.code, answered.stderr).to.equal(0);
      const body = JSON.parse(answered.stdout) as { success: boolean; data: { verified: boolean; entity: { name: string } } };
      expect(body.success).to.equal(true);
      expect(body.data.verified).to.equal(true);
      expect(body.data.entity.name).to.equal('Example Corp');
      const again = await fetch(`${base}/verify/example.com`);
      expect(again.headers.get('cache-control')).to.match(/^public, max-age=3600,/);
    } finally {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      await new Promise((done) => (server.exitCode !== null ? done(undefined) : server.once('exit', done)));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
