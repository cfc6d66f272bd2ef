import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { createKnex } from '../../src/adapters/persistence/create-knex.js';
import { KnexSchemaMigrator } from '../../src/adapters/persistence/knex-schema-migrator.js';
import { runCli } from '../support/instance-process.js';
import { startServiceProcess } from '../support/service-process.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const WITHIN_MS = 1000;
// How long a server is watched for a change: the CLI process itself takes seconds to start.
const WATCH_MS = 15_000;

interface Instance {
  readonly url: string;
  stop(): Promise<void>;
}

/** `vetted serve` as a real process; resolves once it listens. */
async function serve(env: Record<string, string>): Promise<Instance> {
  const { url, child, exited } = await startServiceProcess(env);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function verify(instance: Instance, domain: string): Promise<{ data: Record<string, unknown>; cacheControl: string | null }> {
  const res = await fetch(`${instance.url}/verify/${domain}`);
  const body = (await res.json()) as { data: Record<string, unknown> };
  return { data: body.data, cacheControl: res.headers.get('cache-control') };
}

/**
 * Polls `/verify` until `seen` holds (or `cancel.done`, or `watch.until`); resolves with the
 * wall-clock time (ms) of the first such answer. The caller moves `watch.until` once the write is
 * known to have committed: on a loaded machine the CLI alone can take longer than any fixed window.
 */
async function firstSeen(
  instance: Instance,
  domain: string,
  seen: (data: Record<string, unknown>) => boolean,
  cancel: { done: boolean },
  watch: { until: number },
): Promise<number> {
  while (Date.now() < watch.until && !cancel.done) {
    const { data } = await verify(instance, domain);
    const at = Date.now();
    if (seen(data)) return at;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${instance.url} never answered the change for ${domain}`);
}

/** When the write of `kind` on `name` committed, as its trigger stamped it (same machine clock). */
async function committedAt(db: Knex, name: string, kind: string): Promise<number> {
  const row = await db('registry_changes').where({ name, kind }).orderBy('id', 'desc').first('changed_at');
  return Date.parse(row.changed_at);
}

/**
 * Starts `count` servers on one database, warms each one's cache with a not-verified answer, adds
 * an entity and then a block with the CLI, and measures per server how long after the commit its
 * `/verify` answered the change.
 */
async function propagates(label: string, env: Record<string, string>, db: Knex, count: number): Promise<void> {
  const domain = `prop-${randomBytes(3).toString('hex')}.example.com`;
  const instances = await Promise.all(Array.from({ length: count }, () => serve(env)));
  try {
    for (const instance of instances) {
      const warm = await verify(instance, domain);
      expect(warm.data).to.deep.include({ domain, verified: false });
      expect(warm.cacheControl).to.equal('public, max-age=300, s-maxage=270, stale-while-revalidate=30');
    }
    const delays: Record<string, number[]> = {};
    for (const [what, args, kind, seen] of [
      [
        'entity added',
        ['entity', 'add', '--domain', domain, '--name', 'Propagation Corp', '--type', 'business'],
        'entity',
        (d: Record<string, unknown>) => d.verified === true,
      ],
      ['block added', ['block', 'add', domain], 'block', (d: Record<string, unknown>) => d.blocked === true],
    ] as const) {
      const cancel = { done: false };
      const watch = { until: Date.now() + 120_000 };
      const watching = Promise.all(instances.map((instance) => firstSeen(instance, domain, seen, cancel, watch)));
      watching.catch(() => undefined);
      const run = await runCli([...args], env);
      watch.until = Date.now() + WATCH_MS;
      if (run.code !== 0) cancel.done = true;
      expect(run.code, run.stderr).to.equal(0);
      const committed = await committedAt(db, domain, kind);
      delays[what] = (await watching).map((at) => at - committed);
    }
    console.log(
      `      ${label}: ${Object.entries(delays)
        .map(([what, ms]) => `${what} seen after ${ms.join(', ')} ms`)
        .join('; ')}`,
    );
    for (const ms of Object.values(delays).flat()) expect(ms).to.be.at.most(WITHIN_MS);
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}

describe('change propagation across processes', function () {
  this.timeout(120_000);

  it('shows a CLI write on two servers sharing one SQLite file within a second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-propagation-'));
    const url = `sqlite:${join(dir, 'vetted.sqlite')}`;
    const db = createKnex(url);
    try {
      await new KnexSchemaMigrator(db).migrate();
      await propagates('SQLite, 2 servers', { DATABASE_URL: url }, db, 2);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  (PG_URL ? it : it.skip)('shows a CLI write on three servers sharing one PostgreSQL database within a second', async () => {
    // A server takes no schema option from its environment, so the run gets a database of its own.
    const name = `vetted_e2e_${randomBytes(5).toString('hex')}`;
    const admin = knex({ client: 'pg', connection: PG_URL!, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE "${name}"`);
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    const db = createKnex(url.toString());
    try {
      await new KnexSchemaMigrator(db).migrate();
      await propagates('PostgreSQL, 3 servers', { DATABASE_URL: url.toString() }, db, 3);
    } finally {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.destroy();
    }
  });
});
