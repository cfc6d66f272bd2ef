import { inject, injectable } from 'inversify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Tier } from '../../domain/access/tier.js';
import { JobQueue } from '../../application/ports/job-queue.js';
import type { MetricsExposition } from '../../application/ports/metrics-exposition.js';
import type { CacheName, DeliveryEnd, Metrics, RecheckEnd, RefusingBudget, ScanEnd } from '../../application/ports/metrics.js';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The Metrics port on prom-client, one registry per container: request latency by route template,
 * scans by outcome, admission refusals by budget, read-cache lookups, proof re-check outcomes, job
 * queue depths (read from the queue at each scrape, so every instance reports the shared queues'
 * depths) and the default process metrics.
 */
@injectable()
export class PromMetrics implements Metrics, MetricsExposition {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'vetted_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'vetted_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly scans = new Counter({
    name: 'vetted_scans_total',
    help: 'Scan requests by how they ended: stored, reused or failed.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'vetted_scan_admission_refusals_total',
    help: 'Fresh scans refused, by the budget that refused them (unavailable: the budget could not be checked).',
    labelNames: ['budget'] as const,
    registers: [this.registry],
  });
  private readonly lookupChildren = new Map<string, { inc(): void }>();
  private readonly lookups = new Counter({
    name: 'vetted_read_cache_lookups_total',
    help: "Reads answered from this process's cache (hit) or from the database (miss); for cache=answers, requests answered with an earlier rendered answer (hit) or by their route (miss).",
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });
  private readonly rechecks = new Counter({
    name: 'vetted_proof_rechecks_total',
    help: 'Proof re-checks by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'vetted_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, retrying, failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly reads = new Counter({
    name: 'vetted_api_reads_total',
    help: 'Public reads counted against a daily quota (API_TIERS=on), by tier and outcome (admitted, refused).',
    labelNames: ['tier', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly readChildren = new Map<Tier, Array<{ inc(): void }>>();

  private readonly requestChildren = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();

  constructor(@inject(JobQueue) queue: JobQueue) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'vetted_job_queue_jobs',
      help: 'Jobs per queue and state, as the shared queue reports them at scrape time.',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        // A queue store that does not answer leaves the gauge empty; the scrape still succeeds.
        const counts = await queue.counts().catch(() => []);
        for (const c of counts) for (const state of ['waiting', 'active', 'failed', 'completed'] as const) this.set({ queue: c.kind, state }, c[state]);
      },
    });
  }

  requestServed(route: string, method: string, status: number, seconds: number): void {
    // Children by label values, kept: prom-client would otherwise hash the labels on every request.
    // Bounded by routes × methods × statuses, since the route is a template, never a path.
    const key = `${route} ${method} ${status}`;
    let child = this.requestChildren.get(key);
    if (!child) {
      child = { count: this.requests.labels(route, method, String(status)), time: this.latency.labels(route, method) };
      this.requestChildren.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  }

  scanEnded(end: ScanEnd): void {
    this.scans.inc({ outcome: end });
  }

  admissionRefused(budget: RefusingBudget): void {
    this.refusals.inc({ budget });
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    const key = `${cache} ${hit}`;
    let child = this.lookupChildren.get(key);
    if (!child) this.lookupChildren.set(key, (child = this.lookups.labels(cache, hit ? 'hit' : 'miss')));
    child.inc();
  }

  recheckEnded(end: RecheckEnd): void {
    this.rechecks.inc({ outcome: end });
  }

  webhookAttempted(end: DeliveryEnd): void {
    this.deliveries.inc({ outcome: end });
  }

  readCounted(tier: Tier, admitted: boolean): void {
    // On every counted read: children kept per tier, no label string built per call.
    let children = this.readChildren.get(tier);
    if (!children) this.readChildren.set(tier, (children = [this.reads.labels(tier, 'admitted'), this.reads.labels(tier, 'refused')]));
    children[admitted ? 0 : 1]!.inc();
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
