import type { Newable } from 'inversify';
import type { CliIo } from './cli-io.js';

/** A positional argument, as usage and help show it. */
interface ArgumentSpec {
  /** Upper case, as usage shows it: `DOMAIN`, `FILE`. */
  readonly name: string;
  readonly help: string;
  /** May be left out (the command's `parse` decides what its absence means). */
  readonly optional?: boolean;
}

/** An option, `--name` on the command line. */
export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  /** What a string option's value is, as usage shows it: `SCORE`, `ready|limited`. */
  readonly value?: string;
  /** Refused when absent or empty (`entity add needs --name`). */
  readonly required?: boolean;
  readonly help: string;
}

/** The words of a command line that fit its spec: options known, values present, arguments counted. */
export interface CommandArgs {
  readonly positionals: readonly string[];
  /** The value of a string option, or undefined when it was not given. */
  string(name: string): string | undefined;
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
}

/**
 * What a command takes and what it is for: enough to parse its command line and to explain it,
 * without building anything. `parse` turns the words into the command's input.
 */
export interface CommandSpec<Input = unknown> {
  /** What the operator types after `vetted`: one word, or a group and an action (`entity add`). */
  readonly name: string;
  /** One line, lower case, for the list of commands. */
  readonly summary: string;
  readonly arguments?: readonly ArgumentSpec[];
  /** By name without the dashes, in the order help lists them; `--help` and `-h` are every command's. */
  readonly options?: Readonly<Record<string, OptionSpec>>;
  /** Usage lines after `vetted ` when one generated from the arguments and options would mislead. */
  readonly usage?: readonly string[];
  /** Paragraphs help prints after the options: what the output is, what the exit codes mean. */
  readonly details?: readonly string[];
  /** `migrate` brings the schema up to date itself; every other command runs on a migrated one. */
  readonly skipMigration?: boolean;
  /**
   * Its use case queues jobs (a new member's first look): the job queue is started for the command,
   * so that on PostgreSQL the jobs land in the shared queue a serving instance works.
   */
  readonly queuesJobs?: boolean;
  /** The checks the words need beyond their syntax; throws UsageError, naming what is wrong. */
  parse(args: CommandArgs): Input;
}

/**
 * One `vetted` command: it declares its spec and runs by calling one use case, then formats its
 * answer. Bound to the CliCommand token in the CLI module; CliCommands receives them as a set.
 * Resolves with the exit code; AppErrors are for CliCommands to translate.
 */
export interface CliCommand<Input = unknown> {
  readonly spec: CommandSpec<Input>;
  run(input: Input, io: CliIo): Promise<number>;
}
export const CliCommand = Symbol('CliCommand');

/** A command class: its spec is static too, so that the command line is parsed before a container exists. */
export type CliCommandType = Newable<CliCommand> & { readonly spec: CommandSpec };

/** Words that do not fit a command: exit code 2, the message, then the command's usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
