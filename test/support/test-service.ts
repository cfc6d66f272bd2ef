import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { AppConfig } from '../../src/application/ports/app-config.js';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import type { ContainerOptions } from '../../src/main.js';
import { startService, type RunningService } from '../../src/service.js';
import { KnexTrustObservationStore } from '../../src/adapters/persistence/knex-trust-observation-store.js';
import { domainName } from '../../src/domain/domain-name.js';
import type { DatabaseKind, TestDatabase } from './test-databases.js';

/** A really listening Vetted on an ephemeral port over a fresh database, and its log lines. */
export interface TestService {
  readonly url: string;
  readonly service: RunningService;
  readonly database: TestDatabase;
  readonly logs: Record<string, unknown>[];
  get(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Resolves once the service has heard, through its change feed, of every write made to its
   * database before the call (by the test, the CLI or another instance), as a client of another
   * process would wait: a name nothing was stored under is answered from the names the service
   * knows (KnownNames) without a read. Stores a domain-age observation under a name of its own and
   * asks for it until the answer shows it; the feed delivers changes in order.
   */
  propagated(): Promise<void>;
  stop(): Promise<void>;
}

let sentinels = 0;

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Queue settings that keep tests quick: workers look for jobs twice a second, dead workers' jobs expire within seconds. */
export const FAST_JOBS: NonNullable<ContainerOptions['jobs']> = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  retryDelaySeconds: 1,
};

export async function startTestService(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Pick<ContainerOptions, 'fetcher' | 'jobs' | 'jobTimings' | 'modules'> = {},
): Promise<TestService> {
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
  const service = await startService(config, {
    jobs: FAST_JOBS,
    ...options,
    port: env.PORT ? config.port : 0,
    database: database.options,
    logDestination: sink,
  });
  const url = `http://127.0.0.1:${service.port}`;
  return {
    url,
    service,
    database,
    logs,
    get: (path, init) => fetch(`${url}${path}`, init),
    async propagated() {
      const name = domainName(`feed-sentinel-${++sentinels}-${process.pid}.example.net`);
      // Every kind stored, so that the sentinel's reads queue no first look, whose own write would
      // make the answer current before the feed delivered what the test wrote.
      const store = new KnexTrustObservationStore(database.db);
      const observedAt = new Date().toISOString();
      await store.put(name, 'tls', { observedAt, value: { error: 'connection_refused' } });
      await store.put(name, 'reputation', { observedAt, value: { blocklists: [], spf: { published: false }, dmarc: { published: false } } });
      await store.put(name, 'domain_age', { observedAt, value: { registeredAt: '2000-01-01T00:00:00.000Z' } });
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const answer = (await (await fetch(`${url}/verify/${name}?signals=true`)).json()) as { data?: { signals?: { domain_age?: { observed?: boolean } } } };
        if (answer.data?.signals?.domain_age?.observed) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the change feed did not deliver a write within 5 s');
    },
    async stop() {
      await service.stop();
      await database.dispose();
    },
  };
}
