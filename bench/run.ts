// npm run bench [-- verify|recheck|scale|scan|cluster ...]: the benchmarks named (all five by default), printed
// and written to bench/results.json (a section not run keeps its last figures). Not part of npm test.
//   verify   GET /verify throughput against Koa's own ceiling, warm, on names never asked before and on stored names never asked before (SQLite, 10,000 + 150,000 entities), and RSS after 400,000 names
//   recheck  proof re-checks through the job queue: 100,000 due proofs, proofs/s and the worker's peak RSS
//   scale    p50/p99 of GET /reports/{id}.json and an uncached GET /verify at 1,000 and 1,000,000 rows
//   scan     one scan of a site whose every resource answers after 200 ms, against one such fetch
//   cluster  3 instances (WORKERS=0) and 2 workers on one PostgreSQL database under a mixed load: req/s, p50/p99, how soon a block shows on every instance
// BENCH_SCALE (default 1) shrinks recheck, scale and cluster for a quick check (0.01: 1,000 proofs, 10,000 rows, 200 entities);
// BENCH_ENGINES (default sqlite,postgres) picks the databases; BENCH_PG_URL names the PostgreSQL server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Engine } from './bench-database.js';
import { benchCluster } from './cluster.js';
import { round } from './progress.js';
import { benchReadScale } from './read-scale.js';
import { benchRecheck } from './recheck-throughput.js';
import { benchScanLatency } from './scan-latency.js';
import { build, ROOT } from './service-process.js';
import { benchVerifyThroughput } from './verify-throughput.js';

const SELECTORS = ['verify', 'recheck', 'scale', 'scan', 'cluster'] as const;
type Selector = (typeof SELECTORS)[number];

const selected = process.argv.slice(2);
const unknown = selected.filter((s) => !(SELECTORS as readonly string[]).includes(s));
if (unknown.length > 0) {
  console.error(`npm run bench: unknown benchmark ${unknown.join(', ')}; choose from ${SELECTORS.join(', ')}`);
  process.exit(2);
}
const runs: readonly Selector[] = selected.length > 0 ? (selected as Selector[]) : SELECTORS;
const scale = Number(process.env.BENCH_SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error(`BENCH_SCALE must be a fraction in (0, 1], not ${process.env.BENCH_SCALE}`);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((e) => e.trim()) as Engine[];

const file = join(ROOT, 'bench/results.json');
const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const started = performance.now();
const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtStart: loadavg().map((l) => round(l, 2)),
};
const results: Record<string, unknown> = { ...previous, measuredAt: new Date().toISOString(), machine };
let failed = false;
const save = () => writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

console.log(`npm run bench: ${runs.join(', ')} on ${engines.join(', ')}, BENCH_SCALE=${scale}; building dist/ first`);
build();

for (const run of runs) {
  const t0 = performance.now();
  const measuredAt = new Date().toISOString();
  if (run === 'verify') {
    results.verify = { measuredAt, ...(await benchVerifyThroughput()) };
  } else if (run === 'recheck') {
    const proofs = Math.round(100_000 * scale);
    const byEngine: Record<string, unknown> = {};
    for (const engine of engines) byEngine[engine] = await guarded(engine, () => benchRecheck(engine, proofs));
    results.recheck = { measuredAt, goal: { proofsPerSecond: 500, peakRssMb: 250 }, ...byEngine };
  } else if (run === 'scan') {
    results.scan = { measuredAt, ...(await benchScanLatency()) };
  } else if (run === 'cluster') {
    const cluster = await guarded('postgres', () => benchCluster(scale));
    if ('failure' in cluster) failed = true;
    results.cluster = { measuredAt, ...cluster };
  } else {
    const large = Math.max(2_000, Math.round(1_000_000 * scale));
    const byEngine: Record<string, unknown> = {};
    for (const engine of engines) byEngine[engine] = await guarded(engine, () => benchReadScale(engine, 1_000, large));
    results.scale = { measuredAt, goal: { p50Ratio: 1.5 }, ...byEngine };
  }
  const seconds = Math.round((performance.now() - t0) / 1000);
  (results[run] as Record<string, unknown>).benchSeconds = seconds;
  save();
  console.log(`${run}: done in ${seconds} s`);
}
console.log(`npm run bench: ${Math.round((performance.now() - started) / 1000)} s in all; figures in bench/results.json`);
if (failed) process.exitCode = 1;

/** One engine's benchmark; a failure (PostgreSQL down, say) is recorded and the others still run. */
async function guarded<T>(engine: Engine, bench: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await bench();
  } catch (error) {
    failed = true;
    console.error(`${engine}: ${(error as Error).stack ?? String(error)}`);
    return { error: (error as Error).message };
  }
}
