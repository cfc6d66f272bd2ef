import 'reflect-metadata';

// See docs/architecture/persistence.md: two instances sharing one SQLite file in this process need
// more libuv threads than their connections. `npm test` sets it; say so when run another way.
if (Number(process.env.UV_THREADPOOL_SIZE ?? 4) < 16) {
  console.log('  (UV_THREADPOOL_SIZE is below 16: run through `npm test`, or the SQLite multi-instance suites may time out)');
}
