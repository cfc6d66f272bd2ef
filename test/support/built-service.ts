import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Child processes run the built and bundled service (dist/vetted.mjs, see scripts/bundle.mjs), not
// the source through tsx: an instance started from the source through tsx's loader took 4.1 s of
// CPU, from dist/src 2.1 s, from the bundle about 1.2 s, and the suites start a few hundred of them.
// The first of them in a run builds, when the source is newer.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STAMP = join(ROOT, 'dist', '.built-from-source');
const BUNDLE = join(ROOT, 'dist', 'vetted.mjs');
const CLI = join(ROOT, 'bin', 'vetted.js');

/** `node` arguments that run the built CLI (`vetted …`), with source maps for readable stacks; builds first when stale. */
export function builtCli(): string[] {
  ensureBuilt();
  return ['--enable-source-maps', CLI];
}

/** `node` arguments that run one service or worker instance of the built service (see run-instance.mjs); builds first when stale. */
export function builtInstance(): string[] {
  ensureBuilt();
  return ['--enable-source-maps', join(ROOT, 'test', 'support', 'run-instance.mjs')];
}

let checked = false;

/**
 * Builds dist/ (`npm run build`) when a file under src/ is newer than the last build this made; once
 * a run. Mocha's parallel workers may all find it stale at once: the first to make the lock
 * directory builds, the others wait for the lock to go and look again.
 */
function ensureBuilt(): void {
  if (checked) return;
  checked = true;
  for (;;) {
    if (isFresh()) return;
    if (takeLock()) break;
    sleepSync(200);
  }
  try {
    if (isFresh()) return;
    const run = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm run build failed before the tests:\n${run.stdout}${run.stderr}`);
    writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

const LOCK = join(ROOT, 'dist', '.build-lock');
// A build takes well under a minute: a lock older than five is left by a killed run.
const STALE_LOCK_MS = 5 * 60_000;

function takeLock(): boolean {
  mkdirSync(dirname(LOCK), { recursive: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

// `npm install` builds too (the prepare script): its output counts as a build from this source.
function isFresh(): boolean {
  const built = Math.max(...[STAMP, BUNDLE].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  return built > 0 && newestUnder(join(ROOT, 'src')) <= built;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function newestUnder(dir: string): number {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
