#!/usr/bin/env bash
# The suites whose outcome could hang on today's date, once more with the clock moved (a year ahead
# unless CLOCK_SHIFT says otherwise, in libfaketime's words: +365d, -30d), so that a test pinned to
# a date fails the day it is written, not the day its date passes. On SQLite only: the embedded
# database runs in this process and moves with its clock, where a PostgreSQL server keeps the
# machine's, which would test clock skew between service and database instead.
set -euo pipefail
cd "$(dirname "$0")/.."
shift_by="${CLOCK_SHIFT:-+365d}"
if ! command -v faketime >/dev/null 2>&1; then
  echo "test:clock: faketime is not installed (Debian's package faketime); the moved-clock run is skipped"
  exit 0
fi
echo "test:clock: every suite again with the clock moved ${shift_by}, on SQLite"
export FAKETIME_DONT_FAKE_MONOTONIC=1 UV_THREADPOOL_SIZE=16
# The two lookalike measures judge names of fixed public data with no date in the judgment (no
# registration date, no report): a moved clock cannot change them, and they are the slowest minute
# of the run. The real-world corpus stays: its files carry dates.
# Both runs of npm test (see .mocharc.cjs): the parallel one, then the suites that run alone.
env -u VETTED_TEST_PG_URL faketime -f "${shift_by}" npx mocha --ignore 'test/integration/measure/lookalike-accuracy.test.ts' --ignore 'test/integration/measure/real-world-lookalikes.test.ts'
exec env -u VETTED_TEST_PG_URL VETTED_TEST_RUN=alone faketime -f "${shift_by}" npx mocha
