import { resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { CliCommands } from './adapters/cli/cli-commands.js';
import type { CliIo } from './adapters/cli/cli-io.js';
import { parseCommand, USAGE, VERSION_LINE } from './adapters/cli/parse-command.js';
import { ConfigError, loadConfig } from './adapters/config/load-config.js';
import type { AppConfig } from './application/ports/app-config.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { buildContainer } from './main.js';
import { closeContainer, runUntilSignal } from './service.js';

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readInput: () => text(process.stdin),
};

/** The `vetted` command line. Resolves with the exit code (serve resolves once shut down). */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  io: CliIo = stdio,
): Promise<number> {
  const parsed = parseCommand(argv);
  if (!parsed.ok) {
    io.err(`vetted: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  const command = parsed.command;
  if (command.name === 'help') {
    io.out(USAGE);
    return 0;
  }
  // Needs neither configuration nor a database: answers on any machine.
  if (command.name === 'version') {
    io.out(VERSION_LINE);
    return 0;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`vetted: ${error.message}`);
    return 2;
  }
  if (command.name === 'serve' || command.name === 'worker') return runUntilSignal(config, command.name, (message) => io.err(message));

  const container = buildContainer(config);
  try {
    if (command.name !== 'migrate') await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    return await container.get(CliCommands).run(command, io);
  } finally {
    await closeContainer(container);
  }
}

// Run as a program (`node dist/src/cli.js`, `tsx src/cli.ts`); bin/vetted.js calls main itself.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
