// Propagation of writes across the instances of `npm run bench -- cluster`: a fresh name is asked
// on every instance (so each holds its answer in its caches), then blocked, then unblocked, and
// every instance is polled every POLL_MS until it answers the new state. The delay is counted from
// the write's commit (the writing transaction's promise resolved, here through the same adapter
// `vetted block add` uses), or, for the few writes made by the CLI, from the CLI process's exit.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { Knex } from 'knex';
import { KnexBlocklist } from '../src/adapters/persistence/knex-blocklist.js';
import { domainName } from '../src/domain/domain-name.js';
import { percentile, round } from './progress.js';
import { ROOT } from './service-process.js';

const POLL_MS = 10;
/** An instance still answering the old state this long after the write counts as not propagated. */
const GIVE_UP_MS = 10_000;

export type Via = 'commit' | 'cli';

export interface Sample {
  readonly write: 'block' | 'unblock';
  readonly via: Via;
  readonly instance: number;
  /** From the commit (or the CLI's exit) to the instance's first answer in the new state; null when it never came. */
  readonly delayMs: number | null;
}

export interface DelayFigures {
  readonly writes: number;
  readonly samples: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Instance×write pairs that never showed the write within GIVE_UP_MS. */
  readonly missing: number;
}

export class Prober {
  private readonly agents: Agent[];
  /** Answers other than 200, and request failures, of the prober's own GETs. */
  readonly errors: string[] = [];
  readonly samples: Sample[] = [];
  private readonly blocklist: KnexBlocklist;

  constructor(
    private readonly ports: readonly number[],
    db: Knex,
    private readonly databaseUrl: string,
  ) {
    this.agents = ports.map(() => new Agent({ keepAlive: true, maxSockets: 2 }));
    this.blocklist = new KnexBlocklist(db);
  }

  /** One name blocked then unblocked, through the database adapter or through `vetted block add/remove`. */
  async cycle(name: string, via: Via): Promise<void> {
    for (let i = 0; i < this.ports.length; i++) {
      // Twice: the first answer fills the read cache, the second is kept as a rendered answer.
      for (let n = 0; n < 2; n++) if (await this.isBlocked(i, name)) this.errors.push(`${name} blocked before its write`);
    }
    const blockedAt =
      via === 'cli'
        ? await this.cli(['block', 'add', name, '--reason', 'bench'])
        : await this.commit(() => this.blocklist.add([{ domain: domainName(name), reason: 'bench', blockedAt: new Date().toISOString() }]));
    await Promise.all(this.ports.map((_, i) => this.until(i, name, true, blockedAt, via)));
    const unblockedAt = via === 'cli' ? await this.cli(['block', 'remove', name]) : await this.commit(() => this.blocklist.remove(domainName(name)));
    await Promise.all(this.ports.map((_, i) => this.until(i, name, false, unblockedAt, via)));
  }

  close(): void {
    for (const agent of this.agents) agent.destroy();
  }

  private async commit(write: () => Promise<unknown>): Promise<number> {
    await write();
    return performance.now();
  }

  /** Runs the CLI from the build and resolves with the time it exited. */
  private cli(args: string[]): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['bin/vetted.js', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: this.databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
      child.once('exit', (code) =>
        code === 0 ? resolve(performance.now()) : reject(new Error(`vetted ${args.join(' ')} exited ${code}: ${stderr.slice(0, 300)}`)),
      );
    });
  }

  private async until(instance: number, name: string, blocked: boolean, since: number, via: Via): Promise<void> {
    const write = blocked ? 'block' : 'unblock';
    for (;;) {
      const answer = await this.isBlocked(instance, name);
      const now = performance.now();
      if (answer === blocked) return void this.samples.push({ write, via, instance, delayMs: round(now - since, 1) });
      if (now - since > GIVE_UP_MS) return void this.samples.push({ write, via, instance, delayMs: null });
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  private isBlocked(instance: number, name: string): Promise<boolean> {
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port: this.ports[instance], path: `/verify/${name}`, agent: this.agents[instance] }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) this.errors.push(`GET /verify/${name} on instance ${instance + 1}: ${res.statusCode} ${body.slice(0, 200)}`);
          resolve(body.includes('"blocked":true'));
        });
      });
      req.on('error', (error) => {
        this.errors.push(`GET /verify/${name} on instance ${instance + 1}: ${error.message}`);
        resolve(false);
      });
      req.end();
    });
  }
}

/** p50/p95/p99/max over instance×write of the samples that match. */
export function delays(samples: readonly Sample[], write: Sample['write'], via: Via, instances: number): DelayFigures {
  const picked = samples.filter((s) => s.write === write && s.via === via);
  const values = picked.map((s) => s.delayMs).filter((d): d is number => d !== null);
  const at = (p: number) => (values.length ? percentile(values, p) : 0);
  return {
    writes: Math.round(picked.length / instances),
    samples: picked.length,
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    maxMs: values.length ? Math.max(...values) : 0,
    missing: picked.length - values.length,
  };
}
