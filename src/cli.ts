import { resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { CliCommands } from './adapters/cli/cli-commands.js';
import type { CliIo } from './adapters/cli/cli-io.js';
import { COMMAND_SPECS } from './adapters/cli/cli-module.js';
import { parseCommandLine } from './adapters/cli/command-line.js';
import { serviceRoleOf } from './adapters/cli/commands/service-commands.js';
import { ConfigError, loadConfig } from './adapters/config/load-config.js';
import type { AppConfig } from './application/ports/app-config.js';
import { JobQueue } from './application/ports/job-queue.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { buildContainer } from './main.js';
import { closeContainer, runUntilSignal } from './service.js';

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readInput: () => text(process.stdin),
};

/** The `vetted` command line. Resolves with the exit code (serve resolves once shut down). */
export async function main(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env, io: CliIo = stdio): Promise<number> {
  // Parsed and explained from the specs alone: help, the version and bad arguments need neither
  // configuration nor a database, and write nothing.
  const line = parseCommandLine(argv, COMMAND_SPECS);
  if (line.kind === 'print') {
    io.out(line.text);
    return 0;
  }
  if (line.kind === 'wrong') {
    io.err(`vetted: ${line.message}\n\n${line.usage}`);
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`vetted: ${error.message}`);
    return 2;
  }
  const role = serviceRoleOf(line.spec);
  if (role) return runUntilSignal(config, role, (message) => io.err(message));

  const container = buildContainer(config);
  try {
    if (!line.spec.skipMigration) await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    // A queue that cannot start leaves its jobs unqueued; the use case says so, and the command goes on.
    if (line.spec.queuesJobs)
      await container
        .get<JobQueue>(JobQueue)
        .start()
        .catch(() => undefined);
    return await container.get(CliCommands).run(line.spec.name, line.input, io);
  } finally {
    await closeContainer(container);
  }
}

// Run as a program (`node dist/src/cli.js`, `tsx src/cli.ts`); bin/vetted.js calls main itself.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
