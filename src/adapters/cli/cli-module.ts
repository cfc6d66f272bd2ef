import { ContainerModule } from 'inversify';
import { CliCommand, type CliCommandType, type CommandSpec } from './cli-command.js';
import { CliCommands } from './cli-commands.js';
import { BlockAddCommand } from './commands/block-add-command.js';
import { BlockImportCommand } from './commands/block-import-command.js';
import { BlockListCommand } from './commands/block-list-command.js';
import { BlockRemoveCommand } from './commands/block-remove-command.js';
import { CheckCommand } from './commands/check-command.js';
import { EntityAddCommand } from './commands/entity-add-command.js';
import { EntityImportCommand } from './commands/entity-import-command.js';
import { EntityListCommand } from './commands/entity-list-command.js';
import { FactsRebuildCommand } from './commands/facts-rebuild-command.js';
import { JobsCommand } from './commands/jobs-command.js';
import { KeyCreateCommand } from './commands/key-create-command.js';
import { KeyListCommand } from './commands/key-list-command.js';
import { KeyRevokeCommand } from './commands/key-revoke-command.js';
import { KeyUsageCommand } from './commands/key-usage-command.js';
import { LogVerifyCommand } from './commands/log-verify-command.js';
import { MigrateCommand } from './commands/migrate-command.js';
import { RecheckCommand } from './commands/recheck-command.js';
import { ScanCommand } from './commands/scan-command.js';
import { SERVICE_COMMANDS } from './commands/service-commands.js';
import { VerifySignatureCommand } from './commands/verify-signature-command.js';

// The commands of the container, in the order help lists them. A new command is one class and
// its one entry here, which both binds it and puts its spec before the parser.
const COMMANDS: readonly CliCommandType[] = [
  CheckCommand,
  JobsCommand,
  MigrateCommand,
  FactsRebuildCommand,
  RecheckCommand,
  EntityAddCommand,
  EntityListCommand,
  EntityImportCommand,
  BlockAddCommand,
  BlockRemoveCommand,
  BlockListCommand,
  BlockImportCommand,
  KeyCreateCommand,
  KeyListCommand,
  KeyRevokeCommand,
  KeyUsageCommand,
  ScanCommand,
  VerifySignatureCommand,
  LogVerifyCommand,
];

/** Binds every command class to the CliCommand set, and CliCommands, which runs them. */
export const cliModule = new ContainerModule(({ bind }) => {
  for (const command of COMMANDS) bind<CliCommand>(CliCommand).to(command);
  bind(CliCommands).toSelf();
});

/**
 * Every command's spec, the service roles first: what the command line is parsed and explained
 * with, before configuration is read or a container built.
 */
export const COMMAND_SPECS: readonly CommandSpec[] = [...SERVICE_COMMANDS, ...COMMANDS.map((command) => command.spec)];
