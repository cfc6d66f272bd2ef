import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './child-env.js';
import { builtCli } from './built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `vetted serve` as a real process: its URL, every line it wrote, and how it ended. */
export interface ServiceProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Every stdout line so far. */
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the exit code once the process ended. */
  readonly exited: Promise<number | null>;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Starts `vetted serve` (the built service, see built-service.ts) with `env`; resolves once it listens. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...builtCli(), 'serve'], {
    cwd: ROOT,
    env: { ...childEnv(), UV_THREADPOOL_SIZE: '16', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let partial = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      stdout.push(...lines);
      if (lines.some((l) => l.includes('"msg":"listening"'))) ready();
    });
    child.stderr!.on('data', (chunk: Buffer) =>
      stderr.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l !== ''),
      ),
    );
    child.once('exit', (code) => fail(new Error(`serve exited with ${code} before listening:\n${[...stdout, ...stderr].slice(-20).join('\n')}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, stdout, stderr, exited };
}
