import { execFile } from 'node:child_process';
import { expect } from 'chai';
import { childEnv } from './child-env.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` in `cwd`, in a clean environment (no NODE_OPTIONS: neither tsx nor reflect-metadata reaches the child). */
export function runFile(file: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(file, [...args], { cwd, env: childEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

/** Fails the test with the output of `result` unless it exited 0. */
export function expectSuccess(what: string, result: Run): Run {
  if (result.code !== 0) expect.fail(`${what} exited with ${result.code}:\n${result.stdout}${result.stderr}`);
  return result;
}
