// npm test runs mocha twice. First every suite but the few below, four files at a time in parallel
// workers; then those few, one after another, with the machine to themselves. They measure what
// instances sharing one database do at the same moment, or a deadline: the two-instance races on
// one SQLite file, the scan admission under a crowd, the statements a cold read makes, a hostile
// site against the scan deadline, and the first-look budget per minute. Under four workers' load
// they time out (SQLITE_BUSY after its 5 s wait, a 3 s admission deadline, a scan's deadline)
// rather than show what they test.
//   npx mocha                          the parallel run
//   VETTED_TEST_RUN=alone npx mocha    the suites that run alone
//   npx mocha --no-parallel FILE…      any files, one after another (the timing reporter needs it)
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const ALONE = [
  'test/e2e/admission.test.ts',
  'test/e2e/cold-verdict-reads.test.ts',
  'test/e2e/first-look.test.ts',
  'test/e2e/scan-api.test.ts',
  'test/integration/persistence/observation-claims.test.ts',
  'test/integration/persistence/watch-store.test.ts',
];

// The slowest suites of the parallel run, slowest first (timed per file on this project's CI
// machine kind): the workers start them at once and take the short files as they finish, so no long
// file is left to start last and run on alone. Any other file follows in path order.
const SLOWEST_FIRST = [
  'test/e2e/browser-verdict-pages.test.ts',
  'test/integration/measure/lookalike-accuracy.test.ts',
  'test/e2e/change-propagation.test.ts',
  'test/e2e/scan-worker-crash.test.ts',
  'test/e2e/api-tiers-two-instances.test.ts',
  'test/e2e/scan-security-headers.test.ts',
  'test/e2e/quick-start.test.ts',
  'test/e2e/recheck-worker-crash.test.ts',
  'test/integration/queue/pg-boss-job-queue.test.ts',
  'test/e2e/browser-pages.test.ts',
  'test/e2e/report-page-reading.test.ts',
  'test/e2e/cdn-purge.test.ts',
  'test/e2e/observation-refresh-exactly-once.test.ts',
  'test/e2e/fuzz.test.ts',
  'test/e2e/recheck-exactly-once.test.ts',
  'test/e2e/cli-scan-gates.test.ts',
  'test/e2e/browser-registration.test.ts',
  'test/e2e/cli.test.ts',
  'test/integration/persistence/change-feed.test.ts',
  'test/e2e/domain-package.test.ts',
  'test/e2e/domain-tarball.test.ts',
  'test/e2e/database-outage.test.ts',
  'test/integration/queue/pg-boss-heartbeat.test.ts',
];

/** Every test file under test/, the slowest first, then in path order, without the suites that run alone. */
function parallelSpec() {
  const all = fs
    .readdirSync('test', { recursive: true })
    .map((file) => path.posix.join('test', String(file).split(path.sep).join('/')))
    .filter((file) => file.endsWith('.test.ts') && !ALONE.includes(file))
    .sort();
  return [...SLOWEST_FIRST.filter((file) => all.includes(file)), ...all.filter((file) => !SLOWEST_FIRST.includes(file))];
}

const alone = process.env.VETTED_TEST_RUN === 'alone';

module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: alone ? ALONE : parallelSpec(),
  require: ['test/setup.ts'],
  timeout: 20000,
  exit: true,
  parallel: !alone,
  jobs: 4,
};
