import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { childEnv } from '../support/child-env.js';
import { startDnsServer } from '../support/dns-server.js';
import { freePort } from '../support/service-process.js';
import { waitUntil } from '../support/wait-until.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The commands of each `sh` block of the README's quick start: comments dropped, continued lines joined. */
function quickStartBlocks(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    block[1]!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.replace(/(^|\s+)#.*$/, '').trim())
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

  it('has two commands, and every recipe after them works as written: the first answers say what they rest on, and an added entity is verified on the very next curl', async () => {
    const [setup, recipes] = quickStartBlocks();
    expect(setup).to.deep.equal(['npm install && npm start', 'npm install && npm test']);
    const commands = recipes!;
    expect(commands.map((c) => c.split(' ').slice(0, 3).join(' '))).to.deep.equal([
      'curl -s http://127.0.0.1:8080/verify/google.com',
      "curl -s 'http://127.0.0.1:8080/verify/google.com?signals=true'",
      'npx vetted scan',
      'curl -s -X',
      'npx vetted entity',
      'curl -s http://127.0.0.1:8080/verify/example.com',
    ]);

    // What CI ran already is `npm install`; the rest runs as written, in a copy of the files a clone
    // has, on a port and a database of its own. Names resolve through a local DNS server that knows
    // none, so that no look (the scan, a first look's RDAP and TLS) leaves the machine.
    const dns = await startDnsServer({});
    const dir = mkdtempSync(join(tmpdir(), 'vetted-quick-start-'));
    const root = cloneInto(dir);
    const port = await freePort();
    const env = {
      ...childEnv(),
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'vetted.sqlite')}`,
      DNS_SERVERS: dns.address,
      RDAP_BASE_URL: 'https://rdap.example.net/',
      LOG_LEVEL: 'warn',
    };
    const server = spawn('sh', ['-c', 'npm start'], { cwd: root, env, stdio: 'ignore', detached: true });
    const base = `http://127.0.0.1:${port}`;
    const run = (command: string) => sh(command.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`), root, env);
    try {
      await waitUntil('npm start serves', async () => (await fetch(`${base}/status`).catch(() => undefined))?.ok === true, 150_000, 200);
      // A cache that saw example.com before the write is what would keep the wrong answer.
      const before = (await (await fetch(`${base}/verify/example.com`)).json()) as { data: { verified: boolean } };
      expect(before.data.verified).to.equal(false);
      const [verify, signals, scan, register, add, curl] = commands as [string, string, string, string, string, string];

      const plain = JSON.parse((await run(verify)).stdout);
      expect(plain).to.deep.include({ success: true });
      expect(plain.data).to.include({ domain: 'google.com', verified: false });
      // Nothing looked at yet: not a block, a person to ask, and when to ask again.
      const trust = JSON.parse((await run(signals)).stdout).data;
      expect(trust.evidence).to.include({ complete: false });
      expect(trust.agent_guidance).to.include({ action: 'FLAG', requires_human: true, max_transaction_usd: 0 });
      expect(trust.agent_guidance.reason).to.match(/^This verdict rests on incomplete evidence/);

      const scanned = await run(scan);
      expect(scanned.code, 'a site that cannot be reached fails the scan command').to.equal(1);
      expect(scanned.stderr).to.contain('could not be reached');
      const registered = JSON.parse((await run(register)).stdout);
      expect(registered.data).to.include({ domain: 'example.org', status: 'pending' });
      expect(registered.data.verification_instructions.method).to.equal('dns_txt');

      const added = await run(add);
      expect(added.code, added.stderr).to.equal(0);
      const answered = await run(curl);
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
      await dns.close();
    }
  });
});
