import { SERVICE_VERSION } from '../../application/views/service-facts.js';
import type { CommandSpec, OptionSpec } from './cli-command.js';

/** What `vetted --version` prints: the version GET /status reports. */
export const VERSION_LINE = `vetted ${SERVICE_VERSION}`;

const WIDTH = 100;
const EXIT_CODES = 'Exit codes: 0 done, 1 failed, 2 bad arguments or input (nothing written).';

/** What `vetted --help` prints: how to call it, and every command with its summary. */
export function overviewHelp(specs: readonly CommandSpec[]): string {
  return [
    'Usage: vetted COMMAND [arguments] [options]',
    '       vetted help [COMMAND]',
    '       vetted --version',
    '',
    'Commands:',
    ...table([
      ...specs.map((spec): [string, string] => [commandWithArguments(spec), spec.summary]),
      ['help [COMMAND]', 'show this text, or what COMMAND takes (as COMMAND --help does)'],
      ['--version, -V', 'print the version'],
    ]),
    '',
    'Run `vetted help COMMAND` or `vetted COMMAND --help` for what a command takes.',
    EXIT_CODES,
  ].join('\n');
}

/** What `vetted help entity` prints: the usage and summary of each command of a group. */
export function groupHelp(group: string, specs: readonly CommandSpec[]): string {
  const members = specs.filter((spec) => spec.name.startsWith(`${group} `));
  return [
    ...prefixUsage(members.flatMap(usageLines)),
    '',
    'Commands:',
    ...table(members.map((spec): [string, string] => [commandWithArguments(spec), spec.summary])),
    '',
    `Run \`vetted help ${members[0]?.name ?? group}\` or \`vetted ${members[0]?.name ?? group} --help\` for what a command takes.`,
  ].join('\n');
}

/** What `vetted help scan` and `vetted scan --help` print: usage, summary, arguments, options, details. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [...prefixUsage(usageLines(spec)), '', sentence(spec.summary)];
  if (spec.arguments && spec.arguments.length > 0) {
    lines.push('', 'Arguments:', ...table(spec.arguments.map((a): [string, string] => [a.name, a.help])));
  }
  const options = Object.entries(spec.options ?? {}).map(([name, option]): [string, string] => [optionWithValue(name, option), option.help]);
  lines.push('', 'Options:', ...table([...options, ['-h, --help', 'show this help']]));
  for (const paragraph of spec.details ?? []) lines.push('', ...wrap(paragraph, WIDTH));
  lines.push('', EXIT_CODES);
  return lines.join('\n');
}

/** The usage lines of a command, after `vetted `: its own, or made from its arguments and options. */
export function usageLines(spec: CommandSpec): readonly string[] {
  if (spec.usage) return spec.usage;
  const options = Object.entries(spec.options ?? {}).map(([name, option]) =>
    option.required ? optionWithValue(name, option) : `[${optionWithValue(name, option)}]`,
  );
  return [[commandWithArguments(spec), ...options].join(' ')];
}

function prefixUsage(lines: readonly string[]): string[] {
  return lines.map((line, i) => `${i === 0 ? 'Usage: ' : '       '}vetted ${line}`);
}

function commandWithArguments(spec: CommandSpec): string {
  return [spec.name, ...(spec.arguments ?? []).map((a) => (a.optional ? `[${a.name}]` : a.name))].join(' ');
}

function optionWithValue(name: string, option: OptionSpec): string {
  return option.type === 'string' ? `--${name} ${option.value ?? 'VALUE'}` : `--${name}`;
}

function sentence(summary: string): string {
  return `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`;
}

/** Two columns, the second wrapped under itself; a first column too wide for it stands on its own line. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const fitting = rows.map(([left]) => left.length).filter((length) => length <= 28);
  const column = Math.max(0, ...fitting) + 4;
  return rows.flatMap(([left, right]) => {
    const text = wrap(right, WIDTH - column);
    const indent = ' '.repeat(column);
    if (left.length + 4 > column) return [`  ${left}`, ...text.map((line) => indent + line)];
    return text.map((line, i) => (i === 0 ? `  ${left.padEnd(column - 2)}${line}` : indent + line));
  });
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}
