import { injectable, multiInject } from 'inversify';
import { isAppError } from '../../application/errors.js';
import { CliCommand } from './cli-command.js';
import type { CliIo } from './cli-io.js';

/**
 * The commands the container runs, received as a set: runs the one a parsed command line named
 * and translates its errors once. Resolves with the exit code: the command's, 2 for VALIDATION_ERROR
 * and NOT_FOUND (bad input, nothing written), 1 for any other failure.
 */
@injectable()
export class CliCommands {
  // Filled once from the bound set and never written again: a fixed table of this process's
  // commands, not per-request state nor a cache, so other instances and the change feed have
  // nothing to invalidate in it.
  private readonly byName = new Map<string, CliCommand>();

  constructor(@multiInject(CliCommand) commands: readonly CliCommand[]) {
    for (const command of commands) {
      if (this.byName.has(command.spec.name)) throw new Error(`two CLI commands are named "${command.spec.name}"`);
      this.byName.set(command.spec.name, command);
    }
  }

  /** Every command, in the order they were bound. */
  get all(): readonly CliCommand[] {
    return [...this.byName.values()];
  }

  /** Runs the command `name` with the input its spec parsed. */
  async run(name: string, input: unknown, io: CliIo): Promise<number> {
    const command = this.byName.get(name);
    if (!command) throw new Error(`no CLI command is named "${name}"`);
    try {
      return await command.run(input, io);
    } catch (error) {
      io.err(`vetted: ${(error as Error).message}`);
      return isAppError(error) && (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND') ? 2 : 1;
    }
  }
}
