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

/** Queue settings that keep tests quick: workers look for jobs twice a second, dead workers' jobs expire within seconds. */
export const FAST_JOBS: NonNullable<ContainerOptions['jobs']> = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, retryDelaySeconds: 1 };

export async function startTestService(kind: DatabaseKind, env: Record<string, string> = {}, options: Pick<ContainerOptions, 'fetcher' | 'jobs'> = {}): Promise<TestService> {
  const database = await kind.create({ migrate: false });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const config: AppConfig = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'info', ...env });
  const service = await startService(config, { jobs: FAST_JOBS, ...options, port: 0, database: database.options, logDestination: sink });
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
