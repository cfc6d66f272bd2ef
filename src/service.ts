import type { Container } from 'inversify';
import { createLogger, flushLogger } from './adapters/log/create-logger.js';
import { maskCredentials } from './adapters/shared/mask-credentials.js';
import { HttpServer } from './adapters/http/http-server.js';
import { UsageSync } from './application/access/usage-sync.js';
import { SequenceLog } from './application/log/sequence-log.js';
import { ChangePropagation } from './application/caching/change-propagation.js';
import type { AppConfig } from './application/ports/app-config.js';
import { Logger } from './application/ports/logger.js';
import { ReportSigner } from './application/ports/report-signer.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { JobQueue } from './application/ports/job-queue.js';
import { JobWorkers } from './application/jobs/job-workers.js';
import { buildContainer, type ContainerOptions } from './main.js';

/** A running service: its port, and how to stop it (in-flight requests finish, resources close). */
export interface RunningService {
  readonly port: number;
  readonly container: Container;
  stop(): Promise<void>;
}

/** How long a stopping process waits for the jobs it is running before handing them back. */
const JOB_SHUTDOWN_GRACE_MS = 10_000;

/**
 * Migrates the database, starts the job queue, then listens; with WORKERS=1 (the default) this
 * process also works jobs. `port` overrides the configured one (0 picks a free port).
 */
export async function startService(config: AppConfig, options: ContainerOptions & { port?: number } = {}): Promise<RunningService> {
  return startProcess(config, options, { serve: true, work: config.workers });
}

/** `vetted worker`: works jobs without serving HTTP. */
export async function startWorker(config: AppConfig, options: ContainerOptions = {}): Promise<RunningService> {
  return startProcess(config, options, { serve: false, work: true });
}

async function startProcess(
  config: AppConfig,
  options: ContainerOptions & { port?: number },
  role: { serve: boolean; work: boolean },
): Promise<RunningService> {
  const container = buildContainer(config, options);
  try {
    await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    // Loads (or creates, on first start) the signing key now, so a bad REPORT_SIGNING_KEY stops start-up.
    await container.get<ReportSigner>(ReportSigner).publicJwks();
    // Only a serving process keeps a read cache that other processes' writes must clear.
    const propagation = role.serve ? container.get(ChangePropagation) : undefined;
    await propagation?.start();
    const queue = container.get<JobQueue>(JobQueue);
    await queue.start();
    if (role.work) await container.get(JobWorkers).start();
    const server = role.serve ? container.get(HttpServer) : undefined;
    const port = server ? await server.listen(options.port ?? config.port) : 0;
    // Started once listening (a start that fails leaves no loop behind). Counts of public reads
    // reach the shared totals once a second, and once more at stop; every serving process offers
    // to sequence the transparency log, whose lock row picks one at a time.
    const usage = role.serve && config.apiTiers ? container.get(UsageSync) : undefined;
    usage?.start();
    const sequencer = role.serve ? container.get(SequenceLog) : undefined;
    sequencer?.start();
    return {
      port,
      container,
      async stop() {
        await server?.close();
        await usage?.stop();
        await sequencer?.stop();
        // Running jobs finish within the grace period; the rest go back to the queue (their lease lapses).
        await queue.stop({ graceful: true, timeoutMs: JOB_SHUTDOWN_GRACE_MS });
        await propagation?.stop();
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
 * `vetted serve` and `vetted worker`: run until SIGTERM or SIGINT (or an uncaught error), then shut
 * down gracefully. Resolves with the exit code: 0 after a signal, 1 after an uncaught error or a
 * start that failed, 2 when a setting turned out unusable at start (HOST). A failed start is one
 * JSON log line and one line for `onStartFailure`, never a stack trace.
 */
export async function runUntilSignal(config: AppConfig, role: 'serve' | 'worker', onStartFailure: (message: string) => void): Promise<number> {
  let service: RunningService;
  try {
    service = role === 'serve' ? await startService(config) : await startWorker(config);
  } catch (error) {
    const failure = startFailure(error, config);
    const logger = createLogger(config);
    logger.error({ exitCode: failure.exitCode }, `cannot start: ${failure.message}`);
    await flushLogger(logger);
    onStartFailure(`vetted: cannot start: ${failure.message}`);
    return failure.exitCode;
  }
  const logger = service.container.get<Logger>(Logger);
  const reason = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
    const uncaught = (error: unknown) => {
      logger.error({ err: error }, 'uncaught error; shutting down');
      resolve('uncaught error');
    };
    process.once('uncaughtException', uncaught);
    process.once('unhandledRejection', uncaught);
  });
  logger.info({ reason }, 'shutting down');
  await service.stop();
  logger.info({}, 'stopped');
  return reason === 'uncaught error' ? 1 : 0;
}

/** What a failed start tells the operator, in one line, and the exit code. */
function startFailure(error: unknown, config: AppConfig): { message: string; exitCode: number } {
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { message: `HOST ${config.host} does not resolve to an address`, exitCode: 2 };
    case 'EADDRNOTAVAIL':
      return { message: `HOST ${config.host} is not an address of this machine`, exitCode: 2 };
    case 'EADDRINUSE':
      return { message: `PORT ${config.port} is already in use on ${config.host}`, exitCode: 1 };
    case 'EACCES':
      return { message: `PORT ${config.port} on ${config.host} needs privileges this process does not have`, exitCode: 1 };
    default:
      return { message: maskCredentials(String(message ?? error).split('\n')[0]!).slice(0, 300), exitCode: 1 };
  }
}
