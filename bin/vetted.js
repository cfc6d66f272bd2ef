#!/usr/bin/env node
// The built CLI: `npm install` compiles and bundles it through the prepare script (scripts/bundle.mjs).
// SQLite waits for another process's write lock inside a libuv worker thread (its busy handler), so
// a process needs more threads than database connections, or its own lock holder can wait behind
// its waiters. Set before the first I/O starts the thread pool, hence the dynamic import.
process.env.UV_THREADPOOL_SIZE ??= '16';
const { main } = await import('../dist/vetted.mjs');

process.exitCode = await main(process.argv.slice(2));
