// The load generator of `npm run bench -- cluster`, in a process of its own so that the prober's
// timings in the parent are not held up by this event loop. One autocannon per instance (the
// round-robin a load balancer would do), each request drawn from the same mix: 95% GET /verify of
// a name of Zipf popularity (s = 1) over `names` ranks, 4% the same with signals=true, 1% writes
// (POST /register and POST /api/scan of fresh names, half each). Plan in CLUSTER_LOAD_PLAN (JSON);
// prints "load: started", then one line "LOAD_RESULT {json}" at the end.
import autocannon from 'autocannon';
import type { EventEmitter } from 'node:events';
import { percentile, round } from './progress.js';

export interface LoadPlan {
  readonly ports: number[];
  readonly seconds: number;
  /** Connections per instance. */
  readonly connections: number;
  readonly names: number;
  /** Seeded entities company1.com ... company<entities>.com, spread evenly over the ranks. */
  readonly entities: number;
}

export type Kind = 'verify' | 'signals' | 'register' | 'scan';

interface InstanceLoad {
  readonly port: number;
  readonly responses: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Responses by kind and status. */
  readonly statuses: Record<Kind, Record<string, number>>;
  readonly connectionErrors: number;
  readonly timeouts: number;
  /** Distinct names this instance was asked about (each one a compulsory miss of its read cache). */
  readonly distinctNames: number;
}

export interface LoadResult {
  readonly seconds: number;
  readonly instances: InstanceLoad[];
  readonly totalRps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** p50/p99 by kind over all instances. */
  readonly byKind: Record<Kind, { responses: number; p50Ms: number; p99Ms: number }>;
  readonly distinctNamesAll: number;
}

/** Statuses that are a proper answer of each kind; anything else is an error. 429 and 503 are refusals (budgets, admission). */
export const EXPECTED: Record<Kind, readonly number[]> = { verify: [200], signals: [200], register: [201, 429, 503], scan: [201, 202, 429, 503] };
const KINDS: readonly Kind[] = ['verify', 'signals', 'register', 'scan'];

/** Inverse-CDF sampler of Zipf(s) over ranks 0..n-1: a cumulative table once, then a binary search per draw. */
function zipfSampler(n: number, s = 1.0): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const u = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

async function main(plan: LoadPlan): Promise<LoadResult> {
  const rank = zipfSampler(plan.names);
  const stride = Math.floor(plan.names / plan.entities);
  const nameOf = (r: number) => (r % stride === 0 && r / stride < plan.entities ? `company${r / stride + 1}.com` : `site${r}.example${r % 997}.net`);
  const seen = new Uint8Array(plan.names);
  let writes = 0;
  const all: number[] = [];
  const byKind = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const runs = plan.ports.map((port, i) => {
    const bit = 1 << i;
    let distinct = 0;
    let lastKind: Kind = 'verify';
    const times: number[] = [];
    const statuses = Object.fromEntries(KINDS.map((k) => [k, {}])) as Record<Kind, Record<string, number>>;
    const request = (kind: Kind, method: string, path: string, body?: unknown) => ({
      method,
      path,
      // A fresh headers object each time: autocannon writes Content-Length into the one it is given.
      headers: body === undefined ? {} : { 'content-type': 'application/json', prefer: 'respond-async' },
      body: body === undefined ? undefined : JSON.stringify(body),
      kind,
    });
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: plan.connections,
      duration: plan.seconds,
      requests: [
        {
          setupRequest: (_req: unknown, context: { kind?: Kind }) => {
            const u = Math.random();
            let next;
            if (u < 0.99) {
              const r = rank();
              if ((seen[r]! & bit) === 0) {
                seen[r]! |= bit;
                distinct++;
              }
              next = u < 0.95 ? request('verify', 'GET', `/verify/${nameOf(r)}`) : request('signals', 'GET', `/verify/${nameOf(r)}?signals=true`);
            } else {
              const w = writes++;
              const tag = `${process.pid}x${w}`;
              next =
                u < 0.995
                  ? request('register', 'POST', '/register', { domain: `reg${tag}.org`, entity_name: `Bench ${tag}`, contact_email: `owner@reg${tag}.org` })
                  : request('scan', 'POST', '/api/scan', { domain: `scan${tag}.net` });
            }
            context.kind = next.kind;
            return next;
          },
          // Called just before autocannon's own 'response' event for the same answer (pipelining 1).
          onResponse: (status: number, _body: string, context: { kind?: Kind }) => {
            lastKind = context.kind ?? 'verify';
            statuses[lastKind][status] = (statuses[lastKind][status] ?? 0) + 1;
          },
        },
      ],
    }) as unknown as EventEmitter & Promise<{ errors: number; timeouts: number }>;
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      times.push(ms);
      all.push(ms);
      byKind[lastKind].push(ms);
    });
    return instance.then(
      (result): InstanceLoad => ({
        port,
        responses: times.length,
        rps: Math.round(times.length / plan.seconds),
        p50Ms: round(percentile(times, 50), 2),
        p99Ms: round(percentile(times, 99), 2),
        statuses,
        connectionErrors: result.errors,
        timeouts: result.timeouts,
        distinctNames: distinct,
      }),
    );
  });
  console.log('load: started');
  const instances = await Promise.all(runs);
  let distinctAll = 0;
  for (const flags of seen) if (flags !== 0) distinctAll++;
  return {
    seconds: plan.seconds,
    instances,
    totalRps: Math.round(all.length / plan.seconds),
    p50Ms: round(percentile(all, 50), 2),
    p99Ms: round(percentile(all, 99), 2),
    byKind: Object.fromEntries(
      KINDS.map((k) => [
        k,
        {
          responses: byKind[k].length,
          p50Ms: byKind[k].length ? round(percentile(byKind[k], 50), 2) : 0,
          p99Ms: byKind[k].length ? round(percentile(byKind[k], 99), 2) : 0,
        },
      ]),
    ) as LoadResult['byKind'],
    distinctNamesAll: distinctAll,
  };
}

if (process.env.CLUSTER_LOAD_PLAN) {
  const result = await main(JSON.parse(process.env.CLUSTER_LOAD_PLAN) as LoadPlan);
  console.log(`LOAD_RESULT ${JSON.stringify(result)}`);
}
