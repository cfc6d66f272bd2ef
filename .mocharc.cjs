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

const ALONE = [
  'test/e2e/admission.test.ts',
  'test/e2e/cold-verdict-reads.test.ts',
  'test/e2e/first-look.test.ts',
  'test/e2e/scan-api.test.ts',
  'test/integration/persistence/observation-claims.test.ts',
  'test/integration/persistence/watch-store.test.ts',
];

const alone = process.env.VETTED_TEST_RUN === 'alone';

module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: alone ? ALONE : ['test/**/*.test.ts'],
  ignore: alone ? [] : ALONE,
  require: ['test/setup.ts'],
  timeout: 20000,
  exit: true,
  parallel: !alone,
  jobs: 4,
};
