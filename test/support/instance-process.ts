import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import knex, { type Knex } from 'knex';
import { createKnex } from '../../src/adapters/persistence/create-knex.js';
import { KnexSchemaMigrator } from '../../src/adapters/persistence/knex-schema-migrator.js';
import type { ContainerOptions } from '../../src/main.js';
import { childEnv } from './child-env.js';
import { builtCli, builtInstance } from './built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const READY_MS = 30_000;

/** Container options for run-instance.mjs, passed as JSON (a CA as PEM, a port map as numbers). */
export type InstanceOptions = Pick<ContainerOptions, 'jobs' | 'jobTimings' | 'fetcher'>;

/** A Vetted process started through test/support/run-instance.mjs. */
export interface InstanceProcess {
  readonly pid: number;
  /** 0 for a worker (it serves no HTTP). */
  readonly port: number;
  readonly url: string;
  /** Resolves with the exit code, or the signal's name, once the process ended. */
  readonly exited: Promise<number | string>;
  /** Whether the process has ended. */
  hasExited(): boolean;
  /** Everything it wrote to stdout and stderr so far (JSON log lines and the ready line). */
  output(): string;
  /** Log lines with this `msg` so far. */
  logged(msg: string): Record<string, unknown>[];
  /** SIGKILL: no shutdown, no hand-back; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/** Starts `run-instance.mjs` with `env` (ROLE, DATABASE_URL, ...; PORT defaults to 0) and resolves once it is ready. */
export async function startInstance(env: Record<string, string>, options: InstanceOptions = {}): Promise<InstanceProcess> {
  const child: ChildProcess = spawn(process.execPath, [...builtInstance()], {
    cwd: ROOT,
    env: { ...childEnv(), UV_THREADPOOL_SIZE: '16', LOG_LEVEL: 'info', PORT: '0', ...env, VETTED_TEST_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ended = false;
  const exited = new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => {
      ended = true;
      done(code ?? signal ?? 'unknown');
    }),
  );
  const ready = await new Promise<{ port: number }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`instance not ready after ${READY_MS} ms:\n${output.slice(-3000)}`)), READY_MS);
    const seen = (chunk: Buffer) => {
      output += chunk;
      const line = /^\{"instance":"ready".*\}$/m.exec(output);
      if (!line) return;
      clearTimeout(timer);
      done(JSON.parse(line[0]) as { port: number });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`instance exited (${code}) before it was ready:\n${output.slice(-3000)}`));
    });
  });
  const end = async (signal: NodeJS.Signals, graceMs?: number) => {
    if (ended) return;
    child.kill(signal);
    const killer = graceMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(killer);
  };
  return {
    pid: child.pid!,
    port: ready.port,
    url: `http://127.0.0.1:${ready.port}`,
    exited,
    hasExited: () => ended,
    output: () => output,
    logged: (msg) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{"level"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === msg),
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM', 10_000),
  };
}

/** A migrated PostgreSQL database of its own (a child process takes no schema from its environment). */
export interface PgTestDatabase {
  /** The DATABASE_URL of the new database. */
  readonly url: string;
  readonly db: Knex;
  dispose(): Promise<void>;
}

export async function createPgDatabase(adminUrl: string): Promise<PgTestDatabase> {
  const name = `vetted_e2e_${randomBytes(5).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createKnex(url.toString());
  await new KnexSchemaMigrator(db).migrate();
  return {
    url: url.toString(),
    db,
    async dispose() {
      await db.destroy();
      try {
        await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.destroy();
      }
    },
  };
}

/** `vetted <args>` (the built CLI) as its own process, as an operator runs it beside the servers. */
export function runCli(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...builtCli(), ...args], { cwd: ROOT, env: { ...childEnv(), LOG_LEVEL: 'warn', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
