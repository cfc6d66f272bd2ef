// Throughput of the hot read path, GET /verify, against Koa's own ceiling on this machine. Each
// server runs in its own process and the load generator in this one, so they do not share a core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createKnex } from '../src/adapters/persistence/create-knex.js';
import { KnexEntityRepository } from '../src/adapters/persistence/knex-entity-repository.js';
import { KnexSchemaMigrator } from '../src/adapters/persistence/knex-schema-migrator.js';
import { domainName } from '../src/domain/domain-name.js';
import { serve, stop } from './service-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ENTITIES = 10_000;
const PATHS = Array.from({ length: ENTITIES }, (_, i) => `/verify/company${(i * 7919) % ENTITIES}.com`);

export interface VerifyThroughput {
  readonly connections: number;
  readonly seconds: number;
  readonly entities: number;
  readonly koaCeilingRps: number;
  readonly cacheFillingRps: number;
  readonly warmRps: number;
  readonly warmP99Ms: number;
  /** Warm-cache verify as a share of Koa's ceiling; the goal is at least 50 %. */
  readonly percentOfCeiling: number;
}

async function measure(title: string, port: number): Promise<{ rps: number; p99: number }> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: { path: string }) => Object.assign(req, { path: PATHS[i++ % ENTITIES] }) }],
  });
  const rps = Math.round(result.requests.average);
  console.log(`${title}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  return { rps, p99: result.latency.p99 };
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

/** Needs the build (dist/) to be current. */
export async function benchVerifyThroughput(): Promise<VerifyThroughput> {
  const koa = await serve(['bench/koa-ceiling-server.ts'], {});
  const ceiling = await measure('koa, fixed JSON body', koa.port);
  await stop(koa.child);

  const dir = mkdtempSync(join(tmpdir(), 'vetted-bench-'));
  try {
    const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
    await seed(databaseUrl);
    const vetted = await serve(['bin/vetted.js', 'serve'], { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info' });
    try {
      const filling = await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache filling`, vetted.port);
      const warm = await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache warm`, vetted.port);
      const percentOfCeiling = Math.round((warm.rps / ceiling.rps) * 100);
      console.log(`verify (warm cache) = ${percentOfCeiling}% of Koa's ceiling (goal: at least 50%)`);
      return { connections: CONNECTIONS, seconds: SECONDS, entities: ENTITIES, koaCeilingRps: ceiling.rps, cacheFillingRps: filling.rps, warmRps: warm.rps, warmP99Ms: warm.p99, percentOfCeiling };
    } finally {
      await stop(vetted.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
