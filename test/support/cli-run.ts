import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli.js';
import { childEnv } from './child-env.js';
import { builtCli } from './built-service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What one CLI run printed and its exit code. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI's `main` in this process (fast), with LOG_LEVEL warn unless `env` says otherwise. */
export async function runCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  const run: CliRun = { code: null, stdout: '', stderr: '' };
  run.code = await main([...args], { LOG_LEVEL: 'warn', ...env }, { out: (l) => (run.stdout += `${l}\n`), err: (l) => (run.stderr += `${l}\n`) });
  return run;
}

/** Runs the CLI as a real process from the project root (for exit codes and stdout as a shell sees them). */
export function spawnCli(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...builtCli(), ...args], { cwd: ROOT, env: { ...childEnv(), LOG_LEVEL: 'warn', ...env } });
    const run: CliRun = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (c) => (run.stdout += c));
    child.stderr.on('data', (c) => (run.stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ ...run, code }));
  });
}
