import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './test-service.js';

/** A streaming replica of the PostgreSQL at VETTED_TEST_PG_URL, on its own port, and how to stop it. */
export interface PgReplica {
  /** The primary's URL with the replica's port: a DATABASE_READ_URL. */
  readonly url: string;
  /** Pauses WAL replay: the replica keeps what it has and falls behind every later write. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary had written when called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(root, version, 'bin') : undefined;
})();

/**
 * Why a replica cannot be started here, or undefined when it can: the server's binaries, the
 * `postgres` system user (the server refuses to run as root) and replication connections allowed by
 * the primary's pg_hba.conf (`.ci/run` adds the line on CI).
 */
export async function replicaUnavailable(primaryUrl: string | undefined): Promise<string | undefined> {
  if (!primaryUrl) return 'VETTED_TEST_PG_URL is not set';
  if (!PG_BIN || !existsSync(join(PG_BIN, 'pg_basebackup'))) return 'no PostgreSQL server binaries';
  if (userInfo().uid !== 0 && userInfo().username !== 'postgres') return 'a replica needs root or the postgres user to start a server';
  if (spawnSync('id', ['postgres']).status !== 0) return 'no postgres system user';
  const client = new pg.Client({ connectionString: primaryUrl });
  try {
    await client.connect();
    const rules = await client.query(
      `SELECT 1 FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND (address IS NULL OR address = '127.0.0.1') AND error IS NULL`,
    );
    if (rules.rows.length === 0)
      return "the server's pg_hba.conf allows no replication connection from 127.0.0.1 (add: host replication all 127.0.0.1/32 trust)";
  } catch (error) {
    return `the server cannot be asked about replication (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  return undefined;
}

/**
 * Starts a hot standby of the primary at `primaryUrl`: pg_basebackup with `-R` (streaming, the
 * standby's connection written for it), minimal configuration of its own (Debian keeps the
 * primary's outside the data folder), a free port on 127.0.0.1, run as the postgres user.
 */
export async function startReplica(primaryUrl: string): Promise<PgReplica> {
  const primary = new URL(primaryUrl);
  const dir = mkdtempSync(join(tmpdir(), 'vetted-replica-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) => {
    const run =
      userInfo().uid === 0
        ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN!, command), ...args], { encoding: 'utf8' })
        : spawnSync(join(PG_BIN!, command), args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr.trim() || run.stdout.trim()}`);
  };
  if (userInfo().uid === 0)
    chownSync(
      dir,
      Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    );
  try {
    asPostgres('pg_basebackup', [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username || 'postgres'),
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // A hot standby refuses to start with less of these than its primary has.
    const floors = await primarySettings(primaryUrl, [
      'max_connections',
      'max_worker_processes',
      'max_wal_senders',
      'max_prepared_transactions',
      'max_locks_per_transaction',
    ]);
    const settings = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      'wal_receiver_status_interval = 1s',
      "shared_buffers = '32MB'",
    ];
    writeFileSync(join(data, 'postgresql.conf'), [...settings, ...floors.map(([name, value]) => `${name} = ${value}`), ''].join('\n'));
    writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    if (userInfo().uid === 0) spawnSync('chown', ['postgres:', join(data, 'postgresql.conf'), join(data, 'pg_hba.conf')]);
    asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    rmSync(dir, { recursive: true, force: true });
    throw log ? new Error(`${(error as Error).message}\n${log}`) : error;
  }
  const url = new URL(primaryUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const query = async (target: string, sql: string): Promise<string | null> => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return ((await client.query<{ v: string | null }>(sql)).rows[0]?.v ?? null) as string | null;
    } finally {
      await client.end();
    }
  };
  return {
    url: url.href,
    pause: async () => void (await query(url.href, 'SELECT pg_wal_replay_pause()::text AS v')),
    resume: async () => void (await query(url.href, 'SELECT pg_wal_replay_resume()::text AS v')),
    async caughtUp(timeoutMs = 10_000) {
      const target = await query(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS v');
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const behind = await query(url.href, `SELECT (pg_last_wal_replay_lsn() < '${target}'::pg_lsn)::text AS v`);
        if (behind === 'false') return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the replica did not replay up to ${target} within ${timeoutMs} ms`);
    },
    async stop() {
      if (!existsSync(dir)) return;
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function primarySettings(primaryUrl: string, names: readonly string[]): Promise<Array<[string, string]>> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const rows = (await client.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [names])).rows;
    return rows.map((row) => [row.name, row.setting]);
  } finally {
    await client.end();
  }
}
