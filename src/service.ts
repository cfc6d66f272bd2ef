import type { Container } from 'inversify';
import { flushLogger } from './adapters/log/create-logger.js';
import { HttpServer } from './adapters/http/http-server.js';
import type { AppConfig } from './application/ports/app-config.js';
import { Logger } from './application/ports/logger.js';
import { ReportSigner } from './application/ports/report-signer.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { RecheckProofs } from './application/registration/recheck-proofs.js';
import { buildContainer, type ContainerOptions } from './main.js';

/** A running service: its port, and how to stop it (in-flight requests finish, resources close). */
export interface RunningService {
  readonly port: number;
  readonly container: Container;
  stop(): Promise<void>;
}

/** Migrates the database, then listens. `port` overrides the configured one (0 picks a free port). */
export async function startService(config: AppConfig, options: ContainerOptions & { port?: number } = {}): Promise<RunningService> {
  const container = buildContainer(config, options);
  try {
    await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    // Loads (or creates, on first start) the signing key now, so a bad REPORT_SIGNING_KEY stops start-up.
    await container.get<ReportSigner>(ReportSigner).publicJwks();
    const server = container.get(HttpServer);
    const port = await server.listen(options.port ?? config.port);
    const stopRechecks = scheduleRechecks(container, config.recheckIntervalMinutes);
    return {
      port,
      container,
      async stop() {
        await server.close();
        await stopRechecks();
        await closeContainer(container);
      },
    };
  } catch (error) {
    await closeContainer(container);
    throw error;
  }
}

/** Closes every resource the container opened (deactivation handlers), then flushes the log. */
export async function closeContainer(container: Container): Promise<void> {
  const logger = container.get<Logger>(Logger);
  await container.unbindAllAsync();
  await flushLogger(logger);
}

/**
 * Runs the proof re-check job on a timer, one run at a time (a tick that finds the last run still
 * going is skipped). Returns how to stop it: the timer stops and a run in progress is awaited, so
 * the database is never closed under it.
 */
function scheduleRechecks(container: Container, minutes: number): () => Promise<void> {
  if (minutes <= 0) return async () => undefined;
  const logger = container.get<Logger>(Logger);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = container
      .get(RecheckProofs)
      .run()
      .then((summary) => logger.info({ ...summary }, 'proof re-check done'))
      .catch((error: unknown) => logger.error({ err: error }, 'proof re-check failed'))
      .finally(() => {
        running = undefined;
      });
  }, minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** `vetted serve`: runs until SIGTERM or SIGINT, then shuts down gracefully. Resolves with the exit code. */
export async function serveUntilSignal(config: AppConfig, onStartFailure: (message: string) => void): Promise<number> {
  let service: RunningService;
  try {
    service = await startService(config);
  } catch (error) {
    onStartFailure(`vetted: cannot start: ${(error as Error).message}`);
    return 1;
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  const logger = service.container.get<Logger>(Logger);
  logger.info({ signal }, 'shutting down');
  await service.stop();
  logger.info({}, 'stopped');
  return 0;
}
