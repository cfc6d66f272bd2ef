import { parseArgs } from 'node:util';
import { printable } from '../../application/input/domain-input.js';
import { UsageError, type CommandArgs, type CommandSpec } from './cli-command.js';
import { commandHelp, groupHelp, overviewHelp, VERSION_LINE } from './command-help.js';

/**
 * What a command line asks for: text to print (help, the version; exit 0), words that fit nothing
 * (the message and the usage to show with it; exit 2), or a command with its checked input.
 */
export type CommandLine =
  | { readonly kind: 'print'; readonly text: string }
  | { readonly kind: 'wrong'; readonly message: string; readonly usage: string }
  | { readonly kind: 'command'; readonly spec: CommandSpec; readonly input: unknown };

const HELP_WORDS: ReadonlySet<string> = new Set(['help', '--help', '-h']);

type Found =
  | { readonly kind: 'command'; readonly spec: CommandSpec; readonly rest: readonly string[] }
  | { readonly kind: 'group'; readonly group: string; readonly actions: readonly string[]; readonly rest: readonly string[] };

/** Reads argv (without node and the script) against the commands' specs. Throws only for a command's own bugs. */
export function parseCommandLine(argv: readonly string[], specs: readonly CommandSpec[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'print', text: overviewHelp(specs) };
  if (HELP_WORDS.has(first)) return helpFor(rest, specs);
  if (first === '--version' || first === '-V') {
    return rest.length === 0
      ? { kind: 'print', text: VERSION_LINE }
      : wrong(`${first} takes no arguments, not "${printable(rest[0]!, 40)}"`, overviewHelp(specs));
  }
  if (first.startsWith('-')) return wrong(`unknown option "${printable(first, 40)}"; options follow the command`, overviewHelp(specs));
  const found = find(argv, specs);
  if (!found) return wrong(`unknown command "${printable(first, 40)}"`, overviewHelp(specs));
  if (found.kind === 'group') {
    if (found.rest[0] !== undefined && HELP_WORDS.has(found.rest[0])) return { kind: 'print', text: groupHelp(found.group, specs) };
    return wrong(`${found.group} takes ${listed(found.actions)}`, groupHelp(found.group, specs));
  }
  return parseFor(found.spec, found.rest);
}

function helpFor(words: readonly string[], specs: readonly CommandSpec[]): CommandLine {
  if (words.length === 0 || (words.length === 1 && HELP_WORDS.has(words[0]!))) return { kind: 'print', text: overviewHelp(specs) };
  const found = find(words, specs);
  if (found?.rest.length === 0) return { kind: 'print', text: found.kind === 'command' ? commandHelp(found.spec) : groupHelp(found.group, specs) };
  return wrong(`unknown command "${printable(words.join(' '), 60)}"`, overviewHelp(specs));
}

function find(words: readonly string[], specs: readonly CommandSpec[]): Found | undefined {
  const [group, action] = words;
  const pair = action === undefined ? undefined : specs.find((spec) => spec.name === `${group} ${action}`);
  if (pair) return { kind: 'command', spec: pair, rest: words.slice(2) };
  const single = specs.find((spec) => spec.name === group);
  if (single) return { kind: 'command', spec: single, rest: words.slice(1) };
  const actions = specs.filter((spec) => spec.name.startsWith(`${group} `)).map((spec) => spec.name.slice(group!.length + 1));
  return actions.length > 0 ? { kind: 'group', group: group!, actions, rest: words.slice(1) } : undefined;
}

function parseFor(spec: CommandSpec, words: readonly string[]): CommandLine {
  try {
    const args = readWords(spec, words);
    if (args === 'help') return { kind: 'print', text: commandHelp(spec) };
    return { kind: 'command', spec, input: spec.parse(args) };
  } catch (error) {
    if (error instanceof UsageError) return wrong(error.message, commandHelp(spec));
    throw error;
  }
}

/**
 * The words after the command's name, checked against its spec; 'help' when they ask for it. Parsed
 * loosely and checked here, so that each refusal is told in Vetted's words and names the word.
 */
function readWords(spec: CommandSpec, words: readonly string[]): CommandArgs | 'help' {
  const declared = spec.options ?? {};
  const { tokens } = parseArgs({
    args: [...words],
    options: { ...Object.fromEntries(Object.entries(declared).map(([name, o]) => [name, { type: o.type }])), help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return 'help';
  const values = new Map<string, string | true>();
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const raw = printable(token.rawName, 40);
    const option = Object.hasOwn(declared, token.name) ? declared[token.name]! : undefined;
    if (!option) throw new UsageError(`unknown option "${raw}" for ${spec.name}`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${raw} takes no value`);
      values.set(token.name, true);
    } else if (token.value === undefined) {
      throw new UsageError(`${raw} needs a value (${option.value ?? 'VALUE'})`);
    } else if (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-')) {
      // As util.parseArgs's strict mode: a separate value that looks like an option is more likely a forgotten value.
      const value = printable(token.value, 40);
      throw new UsageError(`${raw} needs a value (${option.value ?? 'VALUE'}) before "${value}" (write ${raw}=${value} if that is the value)`);
    } else {
      values.set(token.name, token.value);
    }
  }
  for (const [name, option] of Object.entries(declared)) {
    if (option.required && !values.get(name)) throw new UsageError(`${spec.name} needs --${name}`);
  }
  checkArgumentCount(spec, positionals);
  return {
    positionals,
    string: (name) => {
      const value = values.get(name);
      return typeof value === 'string' ? value : undefined;
    },
    flag: (name) => values.get(name) === true,
  };
}

function checkArgumentCount(spec: CommandSpec, positionals: readonly string[]): void {
  const declared = spec.arguments ?? [];
  const missing = declared.slice(positionals.length).find((a) => !a.optional);
  if (missing) throw new UsageError(`${spec.name} needs ${missing.name}`);
  const extra = positionals[declared.length];
  if (extra === undefined) return;
  const word = printable(extra, 40);
  if (declared.length === 0) throw new UsageError(`${spec.name} takes no arguments, not "${word}"`);
  throw new UsageError(`${spec.name} takes ${declared.length === 1 ? 'one ' : ''}${declared.map((a) => a.name).join(' ')}, not also "${word}"`);
}

function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function wrong(message: string, usage: string): CommandLine {
  return { kind: 'wrong', message, usage };
}
