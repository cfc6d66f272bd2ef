import { inject, injectable } from 'inversify';
import PgBoss from 'pg-boss';
import { AppError } from '../../application/errors.js';
import {
  JOB_KINDS,
  type EnqueueOptions,
  type JobData,
  type JobHandler,
  type JobKind,
  type JobQueue,
  type QueueCounts,
  type WorkOptions,
} from '../../application/ports/job-queue.js';
import { Logger } from '../../application/ports/logger.js';
import { checkConcurrency, checkLease, checkRetryLimit, JobQueueOptions, resolveJobDefaults, type ResolvedJobDefaults } from './job-queue-options.js';
import { checkHeartbeat, DEFAULT_HEARTBEAT_SECONDS, PgBossLeases } from './pg-boss-leases.js';
import { PgBossWorker } from './pg-boss-worker.js';
import { messageOf } from './settled-by.js';

const STORE = 'job queue store (PostgreSQL, pg-boss)';

interface Connected {
  readonly boss: PgBoss;
  readonly schema: string;
  readonly leases: PgBossLeases;
}

/**
 * The job queue on PostgreSQL through pg-boss 10, shared by every instance on the database: a job is
 * claimed by one worker (`FOR UPDATE SKIP LOCKED`), its live worker renews its heartbeat, a job whose
 * worker died is failed once its heartbeat (or a lease shorter than that) lapsed, by the expiry check
 * every instance with workers runs, and retried with backoff, and a schedule ticks once across all
 * instances. One waiting-or-active job per singleton key is kept by a unique index this adapter adds to
 * pg-boss's job table (pg-boss 10's own singleton policies also bind keyless jobs).
 */
@injectable()
export class PgBossJobQueue implements JobQueue {
  private connected: Connected | undefined;
  private workers: { stop(graceful: boolean, deadline: number): Promise<void> }[] = [];
  private expiryTimer: NodeJS.Timeout | undefined;
  private expiring: Promise<void> | undefined;
  private readonly defaults: ResolvedJobDefaults;
  private readonly heartbeatSeconds: number;

  constructor(
    @inject(JobQueueOptions) private readonly options: JobQueueOptions,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.defaults = resolveJobDefaults(options);
    if (!(Number.isInteger(this.defaults.retryDelaySeconds) && this.defaults.retryDelaySeconds >= 1)) {
      throw new RangeError('retryDelaySeconds must be a whole number >= 1 on pg-boss');
    }
    this.heartbeatSeconds = checkHeartbeat(options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS);
  }

  /** Creates pg-boss's schema (or migrates it) and one queue per job kind; safe to run on several instances at once. */
  async start(): Promise<void> {
    if (this.connected) return;
    const schema = this.options.schema ?? 'pgboss';
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      max: this.options.maxConnections ?? 4,
      application_name: this.options.applicationName ?? 'vetted-jobs',
      schema,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
      cronMonitorIntervalSeconds: this.options.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: this.options.cronWorkerIntervalSeconds ?? 5,
      ...this.sendDefaults(this.defaults.leaseSeconds, this.defaults.retryLimit),
    });
    // Also carries the pool's errors (an idle connection dropped by a PostgreSQL restart): without a
    // listener, an 'error' event would end the process.
    boss.on('error', (error) => this.logger.error({ queueStore: 'pg-boss', error: messageOf(error) }, 'job queue: pg-boss reported an error'));
    let started = false;
    try {
      await boss.start();
      started = true;
      await prepareQueues(boss, schema);
    } catch (cause) {
      // stop() does nothing for a boss whose start failed, so its pool is then closed directly.
      const db = boss.getDb() as PgBoss.Db & { close?: () => Promise<void> };
      if (started) await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      else
        await Promise.resolve()
          .then(() => db.close?.())
          .catch(() => undefined);
      throw storeError('could not be started', cause);
    }
    this.connected = { boss, schema, leases: new PgBossLeases(boss.getDb(), schema, this.heartbeatSeconds) };
  }

  async stop(options: { graceful: boolean; timeoutMs?: number } = { graceful: true }): Promise<void> {
    const connected = this.connected;
    if (!connected) return;
    this.connected = undefined;
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    await Promise.all(this.workers.map((worker) => worker.stop(options.graceful, deadline)));
    this.workers = [];
    clearInterval(this.expiryTimer);
    this.expiryTimer = undefined;
    await this.expiring;
    try {
      await connected.boss.stop({ graceful: false, wait: true });
    } catch (error) {
      this.logger.error({ queueStore: 'pg-boss', error: messageOf(error) }, 'job queue: pg-boss did not stop cleanly');
    }
  }

  async enqueue<K extends JobKind>(kind: K, data: JobData[K], options: EnqueueOptions = {}): Promise<string | undefined> {
    const { boss } = this.require();
    const send = this.sendDefaults(
      checkLease(options.leaseSeconds ?? this.defaults.leaseSeconds),
      checkRetryLimit(options.retryLimit ?? this.defaults.retryLimit),
    );
    try {
      // pg-boss inserts with ON CONFLICT DO NOTHING: null means the singleton index refused a second job.
      const delayed = options.startAfterSeconds ? { ...send, startAfter: Math.ceil(options.startAfterSeconds) } : send;
      const id = await boss.send(kind, data, options.singletonKey === undefined ? delayed : { ...delayed, singletonKey: options.singletonKey });
      if (id === null && options.singletonKey === undefined) throw new Error(`pg-boss has no queue named ${kind}`);
      return id ?? undefined;
    } catch (cause) {
      throw storeError(`could not enqueue a ${kind} job`, cause);
    }
  }

  async work<K extends JobKind>(kind: K, options: WorkOptions, handler: JobHandler<K>): Promise<void> {
    const { boss, leases } = this.require();
    const pollingMs = (this.options.pollingIntervalSeconds ?? 2) * 1000;
    const worker = new PgBossWorker(boss, kind, checkConcurrency(options.concurrency), handler, pollingMs, leases, this.logger);
    this.workers.push(worker);
    worker.start();
    this.startExpiryCheck(boss);
  }

  async schedule<K extends JobKind>(kind: K, everySeconds: number, data: JobData[K]): Promise<void> {
    const { boss } = this.require();
    const cron = cronEvery(everySeconds);
    try {
      // One schedule row per kind (an upsert), so every instance may declare it; pg-boss's cron fires it once per tick.
      await boss.schedule(kind, cron, data, { tz: 'UTC', ...this.sendDefaults(this.defaults.leaseSeconds, this.defaults.retryLimit) });
    } catch (cause) {
      throw storeError(`could not schedule ${kind}`, cause);
    }
  }

  /** Counts from pg-boss's job table; completed and failed jobs leave it when archived (12 h after they ended). */
  async counts(): Promise<QueueCounts[]> {
    const { boss, schema } = this.require();
    try {
      const { rows } = (await boss
        .getDb()
        .executeSql(`SELECT name, state::text AS state, count(*)::int AS n FROM ${schema}.job WHERE name = ANY($1) GROUP BY name, state`, [JOB_KINDS])) as {
        rows: { name: string; state: string; n: number }[];
      };
      return JOB_KINDS.map((kind) => {
        const of = (...states: string[]): number => rows.filter((r) => r.name === kind && states.includes(r.state)).reduce((sum, r) => sum + r.n, 0);
        return { kind, waiting: of('created', 'retry'), active: of('active'), failed: of('failed'), completed: of('completed') };
      });
    } catch (cause) {
      throw storeError('could not count jobs', cause);
    }
  }

  /**
   * Fails the active jobs whose heartbeat lapsed (their worker died), every fifth of a heartbeat:
   * pg-boss's own maintenance does it only every maintenanceIntervalSeconds. Run where jobs are
   * worked, since only such an instance can take one over; pg-boss's expiry takes an advisory lock,
   * so instances checking at once do not contend on the rows.
   */
  private startExpiryCheck(boss: PgBoss): void {
    if (this.expiryTimer) return;
    let failing = false;
    this.expiryTimer = setInterval(() => {
      this.expiring ??= boss
        .expire()
        .then(
          () => void (failing = false),
          (error: unknown) => {
            // Once per outage, not every tick: the pool's 'error' events report the outage itself.
            if (!failing) this.logger.error({ queueStore: 'pg-boss', error: messageOf(error) }, 'job queue: failing lapsed jobs failed');
            failing = true;
          },
        )
        .finally(() => (this.expiring = undefined));
    }, this.heartbeatSeconds * 200);
    this.expiryTimer.unref();
  }

  private sendDefaults(leaseSeconds: number, retryLimit: number): PgBoss.SendOptions {
    return { expireInSeconds: leaseSeconds, retryLimit, retryDelay: this.defaults.retryDelaySeconds, retryBackoff: true };
  }

  private require(): Connected {
    if (!this.connected) throw new Error('PgBossJobQueue: call start() first');
    return this.connected;
  }
}

/** The cron expression of "every `seconds`" at pg-boss's minute resolution; throws RangeError when there is none. */
export function cronEvery(seconds: number): string {
  const minutes = seconds / 60;
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = seconds / 3600;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0) return hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  throw new RangeError(`a pg-boss schedule runs every whole minutes dividing an hour or whole hours dividing a day, not every ${seconds} s`);
}

/** PostgreSQL's codes for losing a race with another instance's DDL: deadlock, unique violation, duplicate table. */
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/** Adds the singleton index and one pg-boss queue per kind when missing (no DDL on a prepared schema). */
async function prepareQueues(boss: PgBoss, schema: string): Promise<void> {
  const db = boss.getDb();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { rows } = await db.executeSql(`SELECT to_regclass('${schema}.vetted_job_singleton') IS NOT NULL AS present`, []);
      if (!rows[0]?.present) await db.executeSql(singletonIndex(schema), []);
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const kind of JOB_KINDS) if (!existing.has(kind)) await boss.createQueue(kind);
      return;
    } catch (error) {
      // pg-boss 10's create_queue takes no lock: instances starting together on a new schema can
      // deadlock, and PostgreSQL aborts one of them, which then finds the work done.
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 10 || typeof code !== 'string' || !RACE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/**
 * One waiting-or-active job per (queue, singleton key). pg-boss's fail-and-retry deletes and re-inserts
 * a job in one statement, which a unique index allows; new queues' partitions inherit the index. Sent
 * as one simple query, the statements are one transaction, whose advisory lock keeps two instances
 * starting at once from racing on CREATE INDEX.
 */
function singletonIndex(schema: string): string {
  return `SELECT pg_advisory_xact_lock(hashtextextended('vetted.singleton.${schema}', 0));
    CREATE UNIQUE INDEX IF NOT EXISTS vetted_job_singleton ON ${schema}.job (name, singleton_key)
      WHERE singleton_key IS NOT NULL AND state < 'completed'`;
}

function storeError(what: string, cause: unknown): AppError {
  return new AppError('INTERNAL_ERROR', `the ${STORE} ${what}: ${messageOf(cause)}`, { component: 'job-queue' }, { cause });
}
