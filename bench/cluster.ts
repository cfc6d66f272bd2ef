// npm run bench -- cluster: three serving instances (`vetted serve`, WORKERS=0) and two `vetted
// worker` processes on one fresh PostgreSQL database, under a mixed load (see cluster-load.ts) for
// BENCH_SECONDS x 6 seconds while fresh names are blocked and unblocked and every instance is
// polled until it answers the write (see cluster-propagation.ts). Reports throughput and latency per
// instance and in all, the propagation delays, the job queue's enqueue-to-start lag, the errors
// (any other than the expected refusals fails the bench) and each process's RSS at the end.
// BENCH_REPLICA=on adds a streaming replica of the database (pg_basebackup, started here on another
// port) as every instance's DATABASE_READ_URL, and counts the verdict reads each server answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import knex from 'knex';
import { startDnsServer } from '../test/support/dns-server.js';
import { replicaUnavailable, startReplica, type PgReplica } from '../test/support/pg-replica.js';
import { analyze, BENCH_PG_URL, createBenchDatabase } from './bench-database.js';
import { JobWatch, type QueueFigures } from './cluster-jobs.js';
import { EXPECTED, type Kind, type LoadPlan, type LoadResult } from './cluster-load.js';
import { delays, Prober, type DelayFigures, type Via } from './cluster-propagation.js';
import { readStatusMb, round } from './progress.js';
import { seedRegistry } from './seed.js';
import { ROOT, serve, stop } from './service-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5) * 6;
const INSTANCES = 3;
const WORKERS = 2;
/** autocannon connections per instance. */
const CONNECTIONS = 16;
/** Writes made through the CLI (a block and an unblock each); every CLI process costs nearly a second of CPU. */
const CLI_CYCLES = 5;
const GOAL_P99_MS = 1000;

export interface ClusterResult {
  readonly instances: number;
  readonly workers: number;
  readonly seconds: number;
  readonly entities: number;
  readonly names: number;
  readonly connectionsPerInstance: number;
  readonly load: LoadResult;
  /** Read-cache lookups per instance, from its /metrics at the end (hit share by cache). */
  readonly cacheHitShare: Record<string, number>[];
  readonly propagation: Record<`${'block' | 'unblock'}_${Via}`, DelayFigures> & { goalP99Ms: number };
  /** Per job queue: jobs created during the load, and their delay from due to start. */
  readonly jobs: QueueFigures[];
  readonly rssMb: { role: string; rssMb?: number; peakMb?: number }[];
  readonly errors: { count: number; first: string[] };
  /** With BENCH_REPLICA=on: index scans of verdict_facts during the load, on the replica and on the primary. */
  readonly verdictReads?: { replica: number; primary: number };
  readonly failure?: string;
}

export async function benchCluster(scale: number): Promise<ClusterResult | { skipped: string }> {
  const engines = (process.env.BENCH_ENGINES ?? 'postgres').split(',').map((e) => e.trim());
  if (!engines.includes('postgres') || BENCH_PG_URL === 'off') return skipped('BENCH_ENGINES leaves PostgreSQL out');
  if (!(await answers(BENCH_PG_URL))) return skipped(`PostgreSQL does not answer at ${new URL(BENCH_PG_URL).host}`);
  if (loadavg()[0]! > 2) console.log(`cluster: load average ${loadavg()[0]!.toFixed(1)}: other work on the machine will lower these figures`);
  const entities = Math.max(200, Math.round(20_000 * scale));
  const names = Math.max(10_000, Math.round(1_000_000 * scale));
  const database = await createBenchDatabase('postgres', 'cluster');
  const dns = await startDnsServer({});
  const workers: ChildProcess[] = [];
  const served: { port: number; child: ChildProcess }[] = [];
  const workerErrors: string[] = [];
  let replica: PgReplica | undefined;
  try {
    await seedRegistry(database.db, 1, entities, () => undefined);
    await analyze(database.db);
    if (process.env.BENCH_REPLICA === 'on') {
      const why = await replicaUnavailable(BENCH_PG_URL);
      if (why) throw new Error(`BENCH_REPLICA=on, but a replica cannot be started here: ${why}`);
      replica = await startReplica(database.url);
      await replica.caughtUp(60_000);
      console.log(`cluster: a streaming replica answers the public reads (DATABASE_READ_URL on port ${new URL(replica.url).port})`);
    }
    console.log(
      `cluster: ${entities} verified entities seeded; ${INSTANCES} instances (WORKERS=0) and ${WORKERS} workers, ${SECONDS} s of load over ${names} names`,
    );
    // The load is many clients from one address: the per-client scan budget is lifted so that the global one (120 a minute) decides.
    const env = {
      DATABASE_URL: database.url,
      PORT: '0',
      WORKERS: '0',
      LOG_LEVEL: 'info',
      RECHECK_INTERVAL_MINUTES: '0',
      DNS_SERVERS: dns.address,
      SCAN_LIMIT_PER_CLIENT_HOUR: '100000',
      ...(replica ? { DATABASE_READ_URL: replica.url } : {}),
    };
    for (let w = 0; w < WORKERS; w++) workers.push(startWorker(env, workerErrors));
    served.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => serve(['bin/vetted.js', 'serve'], env)))));
    const ports = served.map((s) => s.port);
    const prober = new Prober(ports, database.db, database.url);
    const plan: LoadPlan = { ports, seconds: SECONDS, connections: CONNECTIONS, names, entities };
    const load = runLoad(plan);
    await load.started;
    const scansBefore = replica ? await verdictScans(database.url, replica.url) : undefined;
    const watch = new JobWatch(database.db, new Date());
    const t0 = performance.now();
    const last = t0 + SECONDS * 1000 - 1500;
    const track = async (via: Via, every: number, cycles: number, first: number) => {
      for (let k = 0; k < cycles; k++) {
        await new Promise((r) => setTimeout(r, Math.max(0, t0 + first + k * every - performance.now())));
        if (performance.now() > last) return;
        await prober.cycle(`prop-${via}${k}-${process.pid}.com`, via).catch((error: Error) => void prober.errors.push(error.message));
      }
    };
    const every = Math.min(1000, (SECONDS * 1000) / 34);
    const cliEvery = (SECONDS * 1000) / (CLI_CYCLES + 1);
    await Promise.all([track('commit', every, 1000, 0), track('cli', cliEvery, CLI_CYCLES, cliEvery)]);
    const loaded = await load.result;
    prober.close();
    const verdictReads = scansBefore && replica ? await verdictScans(database.url, replica.url, scansBefore) : undefined;
    const rssMb = [
      ...served.map((s, i) => ({ role: `serve ${i + 1}`, pid: s.child.pid! })),
      ...workers.map((w, i) => ({ role: `worker ${i + 1}`, pid: w.pid! })),
    ].map(({ role, pid }) => ({ role, rssMb: readStatusMb(pid, 'VmRSS'), peakMb: readStatusMb(pid, 'VmHWM') }));
    const cacheHitShare = await Promise.all(ports.map(cacheHits));
    const jobs = await watch.figures();
    const fromLoad = loadErrors(loaded);
    const errors = {
      count: fromLoad.count + prober.errors.length + workerErrors.length,
      first: [...fromLoad.lines, ...prober.errors, ...workerErrors].slice(0, 10),
    };
    const propagation = {
      block_commit: delays(prober.samples, 'block', 'commit', INSTANCES),
      unblock_commit: delays(prober.samples, 'unblock', 'commit', INSTANCES),
      block_cli: delays(prober.samples, 'block', 'cli', INSTANCES),
      unblock_cli: delays(prober.samples, 'unblock', 'cli', INSTANCES),
      goalP99Ms: GOAL_P99_MS,
    };
    const missing = Object.values(propagation).reduce<number>((n, d) => n + (typeof d === 'number' ? 0 : d.missing), 0);
    const tooFew = SECONDS >= 30 && propagation.block_commit.writes < 30;
    const failure =
      errors.count > 0
        ? `${errors.count} errors`
        : missing > 0
          ? `${missing} instance×write pairs never showed the write`
          : tooFew
            ? `only ${propagation.block_commit.writes} sampled writes`
            : undefined;
    const result: ClusterResult = {
      instances: INSTANCES,
      workers: WORKERS,
      seconds: SECONDS,
      entities,
      names,
      connectionsPerInstance: CONNECTIONS,
      load: loaded,
      cacheHitShare,
      propagation,
      jobs,
      rssMb,
      errors,
      ...(verdictReads ? { verdictReads } : {}),
      ...(failure ? { failure } : {}),
    };
    print(result);
    return result;
  } finally {
    await Promise.all([...served.map((s) => stop(s.child)), ...workers.map(stop)]);
    await dns.close();
    await replica?.stop();
    await database.dispose();
  }
}

/** Index scans of verdict_facts counted by each server's statistics (a standby counts its own reads), less `since`. */
async function verdictScans(primaryUrl: string, replicaUrl: string, since = { replica: 0, primary: 0 }): Promise<{ replica: number; primary: number }> {
  const count = async (url: string) => {
    const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    try {
      // Statistics reach the shared counters within a second of each read.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const row = (
        await db.raw(`SELECT COALESCE(sum(idx_scan), 0)::bigint AS n FROM pg_stat_user_tables WHERE relname = 'verdict_facts' AND schemaname = 'public'`)
      ).rows[0];
      return Number(row?.n ?? 0);
    } finally {
      await db.destroy();
    }
  };
  const [replica, primary] = await Promise.all([count(replicaUrl), count(primaryUrl)]);
  return { replica: replica - since.replica, primary: primary - since.primary };
}

function skipped(reason: string): { skipped: string } {
  console.log(`cluster: skipped, ${reason}`);
  return { skipped: reason };
}

async function answers(url: string): Promise<boolean> {
  const db = knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 3000 },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 4000,
  });
  try {
    await db.raw('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

/** `vetted worker` from the build; its error-level log lines (level 50 and up) are kept. It logs nothing when it starts. */
function startWorker(env: Record<string, string>, errors: string[]): ChildProcess {
  const child = spawn(process.execPath, ['bin/vetted.js', 'worker'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (/"level":(5|6)\d/.test(line)) errors.push(`worker ${child.pid}: ${line.slice(0, 300)}`);
  });
  child.once('exit', (code) => code !== 0 && code !== null && errors.push(`worker ${child.pid} exited ${code}`));
  return child;
}

function runLoad(plan: LoadPlan): { started: Promise<void>; result: Promise<LoadResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cluster-load.ts'], {
    cwd: ROOT,
    env: { ...process.env, CLUSTER_LOAD_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let onStart: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (onStart = resolve));
  const result = new Promise<LoadResult>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line === 'load: started') onStart();
      else if (line.startsWith('LOAD_RESULT ')) resolve(JSON.parse(line.slice('LOAD_RESULT '.length)) as LoadResult);
    });
    child.once('close', (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
  });
  void result.catch(() => onStart());
  return { started: Promise.race([started, result.then(() => undefined)]), result };
}

/** Answers other than the expected ones (EXPECTED), connection errors and timeouts: how many, and one line for each sort. */
function loadErrors(load: LoadResult): { count: number; lines: string[] } {
  const errors: [string, number][] = [];
  for (const [i, instance] of load.instances.entries()) {
    for (const [kind, statuses] of Object.entries(instance.statuses) as [Kind, Record<string, number>][]) {
      for (const [status, n] of Object.entries(statuses))
        if (!EXPECTED[kind].includes(Number(status))) errors.push([`instance ${i + 1}: ${kind} answered ${status}`, n]);
    }
    errors.push([`instance ${i + 1}: connection errors`, instance.connectionErrors], [`instance ${i + 1}: timeouts`, instance.timeouts]);
  }
  const found = errors.filter(([, n]) => n > 0);
  return { count: found.reduce((sum, [, n]) => sum + n, 0), lines: found.map(([what, n]) => `${what}: ${n} times`) };
}

async function cacheHits(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const counts: Record<string, { hit: number; miss: number }> = {};
  for (const m of text.matchAll(/^vetted_read_cache_lookups_total\{([^}]*)\} (\d+)/gm)) {
    const cache = /cache="([^"]+)"/.exec(m[1]!)?.[1] ?? '?';
    const hit = /result="hit"/.test(m[1]!);
    counts[cache] ??= { hit: 0, miss: 0 };
    counts[cache][hit ? 'hit' : 'miss'] += Number(m[2]);
  }
  return Object.fromEntries(Object.entries(counts).map(([cache, c]) => [cache, round(c.hit / Math.max(1, c.hit + c.miss), 3)]));
}

function print(r: ClusterResult): void {
  for (const [i, s] of r.load.instances.entries())
    console.log(
      `instance ${i + 1}: ${s.rps} req/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, ${s.distinctNames} distinct names, cache hit shares ${JSON.stringify(r.cacheHitShare[i])}`,
    );
  console.log(
    `all ${r.instances} instances: ${r.load.totalRps} req/s, p50 ${r.load.p50Ms} ms, p99 ${r.load.p99Ms} ms (${r.load.distinctNamesAll} distinct names in all)`,
  );
  for (const [kind, k] of Object.entries(r.load.byKind))
    console.log(
      `  ${kind}: ${k.responses} answers, p50 ${k.p50Ms} ms, p99 ${k.p99Ms} ms, statuses ${JSON.stringify(r.load.instances.map((s) => s.statuses[kind as Kind]))}`,
    );
  for (const [key, d] of Object.entries(r.propagation)) {
    if (typeof d !== 'number')
      console.log(
        `propagation ${key.replace('_', ' from ')}: ${d.writes} writes x ${r.instances} instances: p50 ${d.p50Ms} ms, p95 ${d.p95Ms} ms, p99 ${d.p99Ms} ms, max ${d.maxMs} ms${d.missing ? `, ${d.missing} never` : ''} (goal p99 <= ${GOAL_P99_MS} ms)`,
      );
  }
  for (const j of r.jobs)
    console.log(
      `jobs ${j.name}: ${j.jobs} created, ${j.completed} completed, ${j.failed} failed, ${j.waiting} waiting, ${j.active} active; due-to-start p50 ${j.lagP50Ms} ms, p95 ${j.lagP95Ms} ms, max ${j.lagMaxMs} ms`,
    );
  if (r.verdictReads)
    console.log(
      `verdict reads (index scans of verdict_facts during the load): ${r.verdictReads.replica} on the replica, ${r.verdictReads.primary} on the primary`,
    );
  console.log(`RSS at the end: ${r.rssMb.map((p) => `${p.role} ${p.rssMb} MB (peak ${p.peakMb})`).join(', ')}`);
  console.log(`errors: ${r.errors.count}${r.errors.first.map((e) => `\n  ${e}`).join('')}${r.failure ? `\nCLUSTER BENCH FAILED: ${r.failure}` : ''}`);
}
