// Scale of reads: p50 and p99 of GET /reports/{id}.json and of an uncached GET /verify/{domain}
// with `small` and with `large` rows (entities, and reports with their evidence), one engine at a
// time, the service run from the build. Requests go one at a time over one kept-alive connection
// per service and are timed here, to the microsecond.
import { Agent, request } from 'node:http';
import type { Knex } from 'knex';
import { isSqlite } from '../src/adapters/persistence/create-knex.js';
import { KnexRegistryReader } from '../src/adapters/persistence/knex-registry-reader.js';
import { KnexReportRepository } from '../src/adapters/persistence/knex-report-repository.js';
import { coveringNames, domainName } from '../src/domain/domain-name.js';
import { analyze, createBenchDatabase, type Engine } from './bench-database.js';
import { percentile, progress, round } from './progress.js';
import { benchDomain, benchReportId, seedRegistry } from './seed.js';
import { serve, stop } from './service-process.js';

/** Service processes per size: each starts with an empty cache, so every verify of a round misses it. */
const ROUNDS = 3;
/** Measured requests of each endpoint per round, interleaved (verify, report, verify, ...). */
const REQUESTS = 1000;
const WARMUP = 200;
const GOAL_RATIO = 1.5;

interface Latency {
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** p50 of each round, to show the spread. */
  readonly roundP50Ms: number[];
}

interface ReadFigures {
  readonly rows: number;
  readonly requestsPerEndpoint: number;
  readonly verify: Latency;
  readonly report: Latency;
}

export interface ScaleResult {
  readonly engine: Engine;
  readonly small: ReadFigures;
  readonly large: ReadFigures;
  /** large p50 / small p50; the goal is at most 1.5. */
  readonly verifyP50Ratio: number;
  readonly reportP50Ratio: number;
  readonly seedSeconds: number;
  /** Size of the database at the large size. */
  readonly databaseMb: number;
  /** The plans of the statements both reads run, at the large size. */
  readonly plans: Record<string, string[]>;
}

export async function benchReadScale(engine: Engine, small: number, large: number): Promise<ScaleResult> {
  const smallDb = await createBenchDatabase(engine, 'scale_small');
  const largeDb = await createBenchDatabase(engine, 'scale_large');
  try {
    await seedRegistry(smallDb.db, 1, small, () => undefined);
    await analyze(smallDb.db);
    const started = performance.now();
    await seedRegistry(largeDb.db, 1, large, (done) => progress(`  ${engine}: seeded ${done}/${large} entities and reports`, done === large));
    await analyze(largeDb.db);
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    console.log(`  ${engine}: ${large} rows seeded in ${seedSeconds} s (with ANALYZE)`);
    const figures = await measure(engine, [
      { url: smallDb.url, rows: small },
      { url: largeDb.url, rows: large },
    ]);
    const [smallFigures, largeFigures] = figures as [ReadFigures, ReadFigures];
    const result: ScaleResult = {
      engine,
      small: smallFigures,
      large: largeFigures,
      verifyP50Ratio: round(largeFigures.verify.p50Ms / smallFigures.verify.p50Ms, 2),
      reportP50Ratio: round(largeFigures.report.p50Ms / smallFigures.report.p50Ms, 2),
      seedSeconds,
      databaseMb: await databaseMb(largeDb.db),
      plans: await plans(largeDb.db, large),
    };
    for (const [name, key] of [
      ['GET /verify (uncached)', 'verify'],
      ['GET /reports/{id}.json', 'report'],
    ] as const) {
      const ratio = key === 'verify' ? result.verifyP50Ratio : result.reportP50Ratio;
      console.log(
        `scale ${engine} ${name}: p50 ${smallFigures[key].p50Ms} ms at ${small} rows, ${largeFigures[key].p50Ms} ms at ${large} (x${ratio}, goal <= ${GOAL_RATIO}); ` +
          `p99 ${smallFigures[key].p99Ms} / ${largeFigures[key].p99Ms} ms`,
      );
    }
    return result;
  } finally {
    await smallDb.dispose();
    await largeDb.dispose();
  }
}

/**
 * Both sizes are served at once, one process each, and measured request by request in turn (which
 * goes first alternates), so that a busy neighbour on the machine slows both alike.
 */
async function measure(engine: Engine, sizes: readonly { url: string; rows: number }[]): Promise<ReadFigures[]> {
  const verify: number[][][] = sizes.map(() => []);
  const report: number[][][] = sizes.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const services = await Promise.all(sizes.map((size) => serve(['bin/vetted.js', 'serve'], { DATABASE_URL: size.url, PORT: '0', LOG_LEVEL: 'info' })));
    const agents = sizes.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      const gets = services.map((service, k) => (path: string) => timedGet(agents[k]!, service.port, path));
      const names = sizes.map((size) => sampleRows(size.rows, REQUESTS));
      const reports = sizes.map((size) => sampleRows(size.rows, REQUESTS));
      // Warm-up: names never stored (so never measured), and reports.
      for (const [k, size] of sizes.entries()) {
        const spare = sampleRows(size.rows, WARMUP);
        for (let i = 0; i < WARMUP; i++) {
          await gets[k]!(`/verify/warm${r}-${i}.com`);
          await gets[k]!(`/reports/${benchReportId(spare[i]!)}.json`);
        }
      }
      const v: number[][] = sizes.map(() => []);
      const p: number[][] = sizes.map(() => []);
      for (let i = 0; i < REQUESTS; i++) {
        const order = i % 2 === 0 ? sizes.keys() : [...sizes.keys()].reverse();
        for (const k of order) {
          // Each name once per process: the read cache never answers.
          v[k]!.push(await gets[k]!(`/verify/${benchDomain(names[k]![i]!)}`));
          p[k]!.push(await gets[k]!(`/reports/${benchReportId(reports[k]![i]!)}.json`));
        }
      }
      for (const k of sizes.keys()) {
        verify[k]!.push(v[k]!);
        report[k]!.push(p[k]!);
      }
      const line = sizes.map((size, k) => `${size.rows} rows: verify p50 ${ms(percentile(v[k]!, 50))} ms, report p50 ${ms(percentile(p[k]!, 50))} ms`);
      console.log(`  ${engine}, round ${r + 1}/${ROUNDS}: ${line.join('; ')}`);
    } finally {
      for (const agent of agents) agent.destroy();
      await Promise.all(services.map((service) => stop(service.child)));
    }
  }
  const latency = (rounds: number[][]): Latency => ({
    p50Ms: ms(percentile(rounds.flat(), 50)),
    p99Ms: ms(percentile(rounds.flat(), 99)),
    roundP50Ms: rounds.map((one) => ms(percentile(one, 50))),
  });
  return sizes.map((size, k) => ({ rows: size.rows, requestsPerEndpoint: ROUNDS * REQUESTS, verify: latency(verify[k]!), report: latency(report[k]!) }));
}

/** `count` distinct row numbers from 1..rows (all of them, shuffled, when count >= rows). */
function sampleRows(rows: number, count: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, rows)) picked.add(1 + Math.floor(Math.random() * rows));
  const list = [...picked];
  while (list.length < count) list.push(list[list.length % picked.size]!);
  return list;
}

/** One GET, timed from the request to the last byte of the body; fails on anything but 200 with a body that says what was asked for. */
function timedGet(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
        const body = Buffer.concat(chunks).toString();
        const expected = path.startsWith('/verify/company') ? '"verified":true' : path.startsWith('/reports/') ? '"score":25' : '"verified":false';
        if (res.statusCode !== 200 || !body.includes(expected)) reject(new Error(`GET ${path}: ${res.statusCode} ${body.slice(0, 200)}`));
        else resolve(elapsed);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const ms = (value: number) => round(value, 3);

async function databaseMb(db: Knex): Promise<number> {
  if (isSqlite(db)) {
    const [pages] = await db.raw('PRAGMA page_count');
    const [size] = await db.raw('PRAGMA page_size');
    return Math.round((Number(pages.page_count) * Number(size.page_size)) / 2 ** 20);
  }
  const { rows } = await db.raw('SELECT pg_database_size(current_database()) AS bytes');
  return Math.round(Number(rows[0].bytes) / 2 ** 20);
}

/**
 * The plans of the statements the two reads run (caught from the repositories themselves):
 * EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL.
 */
async function plans(db: Knex, rows: number): Promise<Record<string, string[]>> {
  const g = Math.ceil(rows / 2);
  const statements: { sql: string; bindings: unknown[] }[] = [];
  const listen = (query: { sql: string; bindings?: unknown[] }) => statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  db.on('query', listen);
  try {
    await new KnexRegistryReader(db).findRecords(coveringNames(domainName(benchDomain(g))));
    await new KnexReportRepository(db).findById(benchReportId(g));
  } finally {
    db.off('query', listen);
  }
  const names = ['verify: entities, blocks and latest report', 'report: row by id', 'report: evidence'];
  const result: Record<string, string[]> = {};
  for (const [i, { sql, bindings }] of statements.entries()) {
    const text = sql.replace(/\$\d+/g, '?').replace(/\s+/g, ' ').trim();
    if (isSqlite(db)) {
      const rows: { detail: string }[] = await db.raw(`EXPLAIN QUERY PLAN ${text}`, bindings as Knex.RawBinding[]);
      result[names[i] ?? sql] = rows.map((r) => r.detail);
    } else {
      const explained: { rows: { 'QUERY PLAN': string }[] } = await db.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, bindings as Knex.RawBinding[]);
      result[names[i] ?? sql] = explained.rows.map((r) => r['QUERY PLAN']);
    }
  }
  return result;
}
