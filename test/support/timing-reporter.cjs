// A mocha reporter: the spec reporter's output, then the slowest test files by wall time, hooks
// included (a suite's servers start in its before hooks, which per-test durations leave out).
//   npx mocha --no-parallel --reporter test/support/timing-reporter.cjs
// (serial: in parallel mode a worker sends a file's events together when the file is done).
// TIMING_TOP sets how many files are listed (20 by default).
'use strict';
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;

class TimingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const started = new Map();
    const byFile = new Map();
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file && suite.parent?.root) started.set(suite, process.hrtime.bigint());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      const start = started.get(suite);
      if (start === undefined) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + ms);
    });
    runner.once(EVENT_RUN_END, () => {
      const top = Number(process.env.TIMING_TOP ?? 20);
      const total = [...byFile.values()].reduce((a, b) => a + b, 0);
      const rows = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top);
      const cwd = `${process.cwd()}/`;
      console.log(`\n  slowest ${rows.length} of ${byFile.size} test files (wall time, hooks included; all files ${(total / 1000).toFixed(0)} s):`);
      for (const [file, ms] of rows) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file.replace(cwd, '')}`);
    });
  }
}

module.exports = TimingReporter;
