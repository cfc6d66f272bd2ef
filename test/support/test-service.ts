import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { AppConfig } from '../../src/application/ports/app-config.js';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import type { ContainerOptions } from '../../src/main.js';
import { startService, type RunningService } from '../../src/service.js';
import type { DatabaseKind, TestDatabase } from './test-databases.js';

/** A really listening Vetted on an ephemeral port over a fresh database, and its log lines. */
export interface TestService {
  readonly url: string;
  readonly service: RunningService;
  readonly database: TestDatabase;
  readonly logs: Record<string, unknown>[];
  get(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Queue settings that keep tests quick: workers look for jobs twice a second, dead workers' jobs expire within seconds. */
export const FAST_JOBS: NonNullable<ContainerOptions['jobs']> = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, retryDelaySeconds: 1 };

export async function startTestService(kind: DatabaseKind, env: Record<string, string> = {}, options: Pick<ContainerOptions, 'fetcher' | 'jobs' | 'jobTimings'> = {}): Promise<TestService> {
  const database = await kind.create({ migrate: false });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const config: AppConfig = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'info', ...env });
  // A PORT in `env` is kept (a test whose BASE_URL must be its real address picks one); otherwise any free port.
  const service = await startService(config, { jobs: FAST_JOBS, ...options, port: env.PORT ? config.port : 0, database: database.options, logDestination: sink });
  const url = `http://127.0.0.1:${service.port}`;
  return {
    url,
    service,
    database,
    logs,
    get: (path, init) => fetch(`${url}${path}`, init),
    async stop() {
      await service.stop();
      await database.dispose();
    },
  };
}
