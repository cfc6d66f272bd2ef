// Proof re-check throughput: `count` due proofs, checked by a real `vetted worker` process through
// the job queue (one proof.sweep job claims them and queues proof.recheck batches of 100, checked
// with RECHECK_CONCURRENCY lookups in flight) against a local DNS server that proves every one.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startComputedDnsServer } from '../test/support/computed-dns-server.js';
import { analyze, createBenchDatabase, type Engine } from './bench-database.js';
import { progress, readStatusMb, round } from './progress.js';
import { ROOT } from './service-process.js';
import { benchVerificationCode, seedDueProofs } from './seed.js';

const CHALLENGE = '_vetted-challenge.';
const SAMPLE_MS = 100;
/** A run with no batch done for this long is over: the figures so far are reported, with the worker's errors. */
const STALL_MS = 60_000;

export interface RecheckResult {
  readonly engine: Engine;
  readonly proofs: number;
  readonly path: string;
  readonly recheckConcurrency: number;
  readonly seedSeconds: number;
  /** Every proof checked, and the database says so (none due, one attempt each). */
  readonly completed: boolean;
  readonly checked: number;
  /** From the sweep's enqueue to the last batch done. */
  readonly seconds: number;
  readonly proofsPerSecond: number;
  readonly dnsQueries: number;
  /** The worker's RSS: when the sweep was enqueued, the kernel's high-water mark, and every 5 s. */
  readonly rssStartMb: number;
  readonly peakRssMb: number;
  readonly rssEvery5sMb: number[];
  /** The highest V8 heap (used and reserved) and external memory the worker reported, in MB. */
  readonly peakHeapUsedMb: number;
  readonly peakHeapTotalMb: number;
  readonly peakExternalMb: number;
  /** Why the run stopped early, and the first errors the worker logged. */
  readonly failure?: string;
  readonly workerErrors: string[];
}

export async function benchRecheck(engine: Engine, count: number): Promise<RecheckResult> {
  const started = performance.now();
  const bench = await createBenchDatabase(engine, 'recheck');
  const dns = await startComputedDnsServer((name) => {
    if (name.startsWith(CHALLENGE)) return [[`vetted-verification=${benchVerificationCode(name.slice(CHALLENGE.length))}`]];
    return name.endsWith('.com') ? [] : undefined;
  });
  try {
    await seedDueProofs(bench.db, 1, count, (done) => progress(`  ${engine}: seeded ${done} due proofs`, done === count));
    // As autovacuum would soon after such a load; without statistics PostgreSQL claims by a full scan of entities.
    await analyze(bench.db);
    const seedSeconds = (performance.now() - started) / 1000;
    const run = await runWorker(bench.url, dns.address, count, engine);
    let failure = run.failure;
    if (!failure) {
      const left = await bench.db('entity_proofs').where('due_at', '<=', new Date().toISOString()).count({ n: '*' });
      const attempts = await bench.db('verification_attempts').count({ n: '*' });
      if (Number(left[0]?.n) !== 0 || Number(attempts[0]?.n) !== count)
        failure = `${left[0]?.n} proofs still due and ${attempts[0]?.n} attempts recorded (expected 0 and ${count})`;
    }
    const result: RecheckResult = {
      engine,
      proofs: count,
      path: 'vetted worker (startWorker, from the build): proof.sweep job -> proof.recheck jobs of 100 -> RecheckProofs.checkClaimed',
      recheckConcurrency: Number(process.env.RECHECK_CONCURRENCY ?? 16),
      seedSeconds: round(seedSeconds, 1),
      completed: failure === undefined,
      checked: run.checked,
      seconds: round(run.seconds, 1),
      proofsPerSecond: Math.round(run.checked / run.seconds),
      dnsQueries: dns.queries,
      rssStartMb: run.rssStartMb,
      peakRssMb: run.peakRssMb,
      rssEvery5sMb: run.rssEvery5sMb,
      peakHeapUsedMb: run.heap.used,
      peakHeapTotalMb: run.heap.total,
      peakExternalMb: run.heap.external,
      ...(failure ? { failure } : {}),
      workerErrors: run.errors,
    };
    console.log(
      `recheck ${engine}: ${run.checked}/${count} proofs in ${result.seconds} s = ${result.proofsPerSecond} proofs/s (goal >= 500), ` +
        `worker peak RSS ${result.peakRssMb} MB (goal <= 250; V8 heap at most ${result.peakHeapUsedMb} MB used of ${result.peakHeapTotalMb}), ${result.dnsQueries} DNS questions${failure ? `; NOT COMPLETED: ${failure}` : ''}`,
    );
    for (const error of run.errors) console.log(`  worker error: ${error}`);
    return result;
  } finally {
    await dns.close();
    await bench.dispose();
  }
}

interface WorkerRun {
  checked: number;
  /** Until the last batch done. */
  seconds: number;
  rssStartMb: number;
  peakRssMb: number;
  rssEvery5sMb: number[];
  heap: { used: number; total: number; external: number };
  failure?: string;
  errors: string[];
}

/** Starts the worker, follows its log until `count` proofs are checked (or nothing moves), and watches its memory. */
async function runWorker(databaseUrl: string, dnsAddress: string, count: number, engine: Engine): Promise<WorkerRun> {
  const child = spawn(process.execPath, ['bench/recheck-worker.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DNS_SERVERS: dnsAddress, RECHECK_INTERVAL_MINUTES: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid!;
  let t0 = 0;
  let checked = 0;
  let rssStartMb = 0;
  let lastDone = performance.now();
  const rss: number[] = [];
  const errors: string[] = [];
  const heap = { used: 0, total: 0, external: 0 };
  const timers = [
    setInterval(() => {
      const mb = readStatusMb(pid, 'VmRSS');
      if (mb !== undefined && t0 > 0) rss.push(mb);
    }, SAMPLE_MS),
    setInterval(() => {
      if (t0 === 0) return;
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `  ${engine}: ${checked}/${count} checked after ${seconds.toFixed(0)} s (${Math.round(checked / seconds)}/s), worker RSS ${rss.at(-1) ?? '?'} MB`,
      );
    }, 5000),
  ];
  try {
    const failure = await new Promise<string | undefined>((resolve) => {
      timers.push(
        setInterval(() => {
          if (performance.now() - lastDone > STALL_MS) resolve(`no re-check batch finished for ${STALL_MS / 1000} s`);
        }, 1000),
      );
      child.once('exit', (code) => resolve(`the worker exited (${code})`));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const entry = parse(line);
        if (entry?.msg === 'bench: sweep enqueued') {
          t0 = lastDone = performance.now();
          rssStartMb = readStatusMb(pid, 'VmRSS') ?? 0;
        } else if (entry?.msg === 'bench: memory') {
          heap.used = Math.max(heap.used, mb(entry.heapUsed));
          heap.total = Math.max(heap.total, mb(entry.heapTotal));
          heap.external = Math.max(heap.external, mb(entry.external));
        } else if (entry?.msg === 'proof re-check batch done') {
          checked += Number(entry.checked);
          lastDone = performance.now();
          if (checked >= count) resolve(undefined);
        } else if (entry && Number(entry.level) >= 50 && errors.length < 3) {
          // Knex puts the statement before the driver's message: keep the message.
          const text = String(entry.error ?? (entry.err as { message?: string } | undefined)?.message ?? '');
          errors.push(`${String(entry.msg)}: ${text.slice(text.lastIndexOf(' - ') + 3).slice(0, 300)}`);
        }
      });
    });
    const peakRssMb = readStatusMb(pid, 'VmHWM') ?? Math.max(...rss);
    return {
      checked,
      seconds: (lastDone - t0) / 1000,
      rssStartMb,
      peakRssMb,
      rssEvery5sMb: rss.filter((_, i) => i % (5000 / SAMPLE_MS) === 0),
      heap,
      failure,
      errors,
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const mb = (bytes: unknown) => Math.round(Number(bytes) / 2 ** 20);

/** A field of /proc/<pid>/status (Linux), in MB. */
function parse(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
