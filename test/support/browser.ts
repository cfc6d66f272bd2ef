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
    console.log("  (browser suites skipped: no chromium found; install Debian's chromium or set CHROMIUM_PATH)");
  }
  return found;
}

/**
 * A headless chromium driven by playwright-core; --no-sandbox because CI runs as root. The browser
 * keeps the real clock when the suite runs under a moved one (libfaketime's LD_PRELOAD, see
 * `npm run test:clock`): the dates under test are the service's, and a faked clock slows chromium
 * twentyfold.
 */
export function launchBrowser(executablePath: string): Promise<Browser> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => value !== undefined && name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
  ) as Record<string, string>;
  return chromium.launch({
    executablePath,
    env,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
