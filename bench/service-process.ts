// The service as the benchmarks run it: from the build, in a process of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Compiles src/ to dist/ and copies the document templates beside it (npm run build), which the served and working processes run. */
export function build(): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, [join(ROOT, 'scripts/copy-templates.mjs')], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * Starts `args` (bin/vetted.js serve, or a TypeScript file run through tsx) and resolves with the
 * port from its "listening" log line.
 */
export async function serve(args: string[], env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const command = args[0]!.endsWith('.js') ? args : ['--import', 'tsx', ...args];
  const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolvePort, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk;
      const match = buffer.match(/"msg":"listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"msg":"listening"/);
      if (!match) return;
      // From here on the access log is drained unread, so that reading it costs the load generator nothing.
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolvePort(Number(match[1] ?? match[2]));
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`${args.join(' ')} exited before listening`)));
  });
  return { port, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
