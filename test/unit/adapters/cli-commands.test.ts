import { expect } from 'chai';
import type { CliCommand, CommandSpec } from '../../../src/adapters/cli/cli-command.js';
import { CliCommands } from '../../../src/adapters/cli/cli-commands.js';
import { AppError } from '../../../src/application/errors.js';

function aCommand(name: string, run: (input: unknown) => Promise<number>): CliCommand {
  const spec: CommandSpec = { name, summary: `the ${name} command for tests`, parse: () => null };
  return { spec, run: (input) => run(input) };
}

function capture() {
  const io = { out: [] as string[], err: [] as string[] };
  return { io, cli: { out: (line: string) => io.out.push(line), err: (line: string) => io.err.push(line) } };
}

describe('CliCommands', () => {
  it('runs the command named, with the input its spec parsed, and answers its exit code', async () => {
    const seen: unknown[] = [];
    const commands = new CliCommands([aCommand('one', async () => 0), aCommand('two words', async (input) => (seen.push(input), 1))]);
    expect(commands.all.map((c) => c.spec.name)).to.deep.equal(['one', 'two words']);
    const { cli } = capture();
    expect(await commands.run('two words', { json: true }, cli)).to.equal(1);
    expect(seen).to.deep.equal([{ json: true }]);
  });

  it('refuses two commands of one name when it is built, so the set cannot hide one', () => {
    expect(() => new CliCommands([aCommand('scan', async () => 0), aCommand('scan', async () => 0)])).to.throw('two CLI commands are named "scan"');
  });

  it('answers bad input with 2 and any other failure with 1, the message on stderr', async () => {
    const failing = (error: Error) => new CliCommands([aCommand('x', async () => Promise.reject(error))]);
    for (const [error, code] of [
      [new AppError('VALIDATION_ERROR', 'line 3: domain is required.'), 2],
      [new AppError('NOT_FOUND', 'no such entity'), 2],
      [new AppError('RATE_LIMITED', 'the client budget is spent'), 1],
      [new Error('disk full'), 1],
    ] as const) {
      const { io, cli } = capture();
      expect(await failing(error).run('x', null, cli), error.message).to.equal(code);
      expect(io).to.deep.equal({ out: [], err: [`vetted: ${error.message}`] });
    }
  });
});
