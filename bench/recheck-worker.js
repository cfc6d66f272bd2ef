// A `vetted worker` from the build (startWorker, as bin/vetted.js runs it) that hands out the due
// proofs once at start instead of waiting for the scheduled sweep: the `proof.sweep` job goes
// through the job queue like the scheduled one, and `proof.recheck` batches follow. Plain
// JavaScript run by plain node, so the RSS the benchmark reads is the worker's own, not tsx's.
// Configuration comes from the environment (DATABASE_URL, DNS_SERVERS, RECHECK_CONCURRENCY...).
process.env.UV_THREADPOOL_SIZE ??= '16';
const { loadConfig } = await import('../dist/src/adapters/config/load-config.js');
const { startWorker } = await import('../dist/src/service.js');
const { JobQueue } = await import('../dist/src/application/ports/job-queue.js');

const service = await startWorker(loadConfig(process.env));
await service.container.get(JobQueue).enqueue('proof.sweep', {});
process.stdout.write(`${JSON.stringify({ msg: 'bench: sweep enqueued', time: Date.now() })}\n`);
// What the RSS is made of (V8 heap, buffers, the rest native: SQLite, libuv), every 5 s.
setInterval(() => process.stdout.write(`${JSON.stringify({ msg: 'bench: memory', ...process.memoryUsage() })}\n`), 5000).unref();
process.once('SIGTERM', () => {
  void service.stop().then(() => process.exit(0));
});
