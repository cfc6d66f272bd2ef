import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's chromium (.ci/run installs it when missing); CHROMIUM_PATH names another build.
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p));
let announced = false;

/** The path of a chromium to drive, or undefined (and one printed line) when this machine has none. */
export function chromiumPath(): string | undefined {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found && !announced) {
    announced = true;
    console.log('  (browser suites skipped: no chromium found; install Debian\'s chromium or set CHROMIUM_PATH)');
  }
  return found;
}

/** A headless chromium driven by playwright-core; --no-sandbox because CI runs as root. */
export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}
