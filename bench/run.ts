// npm run bench: throughput of the hot read path, GET /verify, against Koa's own ceiling on this
// machine. Each server runs in its own process and the load generator in this one, so they do
// not share a core. Not part of npm test.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { KnexEntityRepository } from '../src/adapters/persistence/knex-entity-repository.js';
import { createKnex } from '../src/adapters/persistence/create-knex.js';
import { KnexSchemaMigrator } from '../src/adapters/persistence/knex-schema-migrator.js';
import { domainName } from '../src/domain/domain-name.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ENTITIES = 10_000;
const PATHS = Array.from({ length: ENTITIES }, (_, i) => `/verify/company${(i * 7919) % ENTITIES}.com`);

async function measure(title: string, port: number): Promise<number> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: { path: string }) => Object.assign(req, { path: PATHS[i++ % ENTITIES] }) }],
  });
  const rps = Math.round(result.requests.average);
  console.log(`${title}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  return rps;
}

async function serve(args: string[], env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  // The service runs from the build, as in production; the ceiling server is a TypeScript file.
  const command = args[0]!.endsWith('.js') ? args : ['--import', 'tsx', ...args];
  const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolvePort, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk;
      const match = buffer.match(/"msg":"listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"msg":"listening"/);
      if (!match) return;
      // From here on the access log is drained unread, so that reading it costs the load generator nothing.
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolvePort(Number(match[1] ?? match[2]));
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`${args.join(' ')} exited before listening`)));
  });
  return { port, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function seed(url: string): Promise<void> {
  const db = createKnex(url);
  await new KnexSchemaMigrator(db).migrate();
  const repo = new KnexEntityRepository(db);
  const verifiedAt = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  for (let i = 0; i < ENTITIES; i++) {
    await repo.create({ name: `Company ${i}`, domain: domainName(`company${i}.com`), type: 'business', level: 'verified', coverage: 'zone', verifiedAt, expiresAt });
  }
  await db.destroy();
}

const koa = await serve(['bench/koa-ceiling-server.ts'], {});
const ceiling = await measure('koa, fixed JSON body', koa.port);
await stop(koa.child);

const dir = mkdtempSync(join(tmpdir(), 'vetted-bench-'));
const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
await seed(databaseUrl);
execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT });
const vetted = await serve(['bin/vetted.js', 'serve'], { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info' });
await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache filling`, vetted.port);
const warm = await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache warm`, vetted.port);
await stop(vetted.child);
rmSync(dir, { recursive: true, force: true });
console.log(`verify (warm cache) = ${Math.round((warm / ceiling) * 100)}% of Koa's ceiling (goal: at least 50%)`);
