// One Vetted process for the multi-process tests, started by instance-process.ts from the built
// service (see built-service.ts):
//   node test/support/run-instance.mjs
// The configuration comes from the environment as for `vetted serve` (DATABASE_URL, PORT, DNS_SERVERS,
// SMTP_URL, SCAN_ALLOWED_NETWORKS, ...); ROLE=serve|worker picks startService or startWorker, and
// VETTED_TEST_OPTIONS (JSON) carries the container options a test needs beyond it (`jobs`,
// `jobTimings`, `fetcher` with the test CA and a port map). Once ready it prints one line,
// {"instance":"ready","port":<port>,"pid":<pid>}; SIGTERM stops it gracefully.
import 'reflect-metadata';
import { loadConfig, startService, startWorker } from '../../dist/vetted.mjs';

const role = process.env.ROLE ?? 'serve';
if (role !== 'serve' && role !== 'worker') throw new Error(`ROLE must be serve or worker, not ${role}`);
const options = JSON.parse(process.env.VETTED_TEST_OPTIONS ?? '{}');
const config = loadConfig(process.env);
const service = role === 'serve' ? await startService(config, options) : await startWorker(config, options);
process.stdout.write(`${JSON.stringify({ instance: 'ready', port: service.port, pid: process.pid })}\n`);

process.once('SIGTERM', () => {
  service.stop().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`stop failed: ${error?.stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
});
