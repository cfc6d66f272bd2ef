import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { CliCommand } from '../../src/adapters/cli/cli-command.js';
import { CliCommands } from '../../src/adapters/cli/cli-commands.js';
import { COMMAND_SPECS } from '../../src/adapters/cli/cli-module.js';
import { commandHelp, overviewHelp } from '../../src/adapters/cli/command-help.js';
import { SERVICE_COMMANDS } from '../../src/adapters/cli/commands/service-commands.js';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import { buildContainer } from '../../src/main.js';
import { closeContainer } from '../../src/service.js';
import { runCli as vetted, spawnCli as spawned } from '../support/cli-run.js';

describe('vetted help, --help and argument errors', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-cli-help-'));
    mkdirSync(join(dir, 'data'));
    env = { DATABASE_URL: `sqlite:${join(dir, 'data', 'vetted.sqlite')}` };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a command’s usage for help scan and scan --help as a real process, exit 0, reading no configuration', async function () {
    this.timeout(60_000);
    const broken = { ...env, DATABASE_URL: 'nonsense', LOG_LEVEL: 'loud' };
    const scanHelp = `${commandHelp(COMMAND_SPECS.find((s) => s.name === 'scan')!)}\n`;
    expect(await spawned(['help', 'scan'], broken)).to.deep.equal({ code: 0, stdout: scanHelp, stderr: '' });
    expect(await spawned(['scan', 'example.com', '--help'], env)).to.deep.equal({ code: 0, stdout: scanHelp, stderr: '' });
    expect(await vetted(['scan', '-h'], broken)).to.deep.equal({ code: 0, stdout: scanHelp, stderr: '' });
    expect(await vetted(['--help'], broken)).to.deep.equal({ code: 0, stdout: `${overviewHelp(COMMAND_SPECS)}\n`, stderr: '' });
    expect(readdirSync(join(dir, 'data'))).to.deep.equal([]);
  });

  it('answers every command’s --help, -h and help COMMAND with its usage on stdout and exit 0', async () => {
    for (const spec of COMMAND_SPECS) {
      const words = spec.name.split(' ');
      for (const args of [
        [...words, '--help'],
        [...words, '-h'],
        ['help', ...words],
      ]) {
        const run = await vetted(args, env);
        expect(run, args.join(' ')).to.deep.equal({ code: 0, stdout: `${commandHelp(spec)}\n`, stderr: '' });
        expect(run.stdout)
          .to.match(new RegExp(`^Usage: vetted ${spec.name}`))
          .and.contain(`${spec.summary.charAt(0).toUpperCase()}${spec.summary.slice(1)}.`);
      }
    }
    expect(existsSync(join(dir, 'data', 'vetted.sqlite'))).to.equal(false);
  });

  it('refuses an unknown option with exit 2, naming it, then the command’s usage, writing nothing', async function () {
    this.timeout(60_000);
    const scan = await spawned(['scan', 'example.com', '--bogus'], env);
    expect(scan.code).to.equal(2);
    expect(scan.stdout).to.equal('');
    expect(scan.stderr)
      .to.match(/^vetted: unknown option "--bogus" for scan\n\nUsage: vetted scan DOMAIN /)
      .and.contain('--fail-under SCORE')
      .and.not.contain('positional');
    for (const spec of COMMAND_SPECS) {
      const run = await vetted([...spec.name.split(' '), '--bogus'], env);
      expect(run, spec.name).to.deep.equal({ code: 2, stdout: '', stderr: `vetted: unknown option "--bogus" for ${spec.name}\n\n${commandHelp(spec)}\n` });
    }
    expect(existsSync(join(dir, 'data', 'vetted.sqlite'))).to.equal(false);
  });

  it('answers an unknown command with its name and the list of commands, exit 2', async () => {
    for (const args of [['frobnicate'], ['help', 'frobnicate']]) {
      const run = await vetted(args, env);
      expect(run).to.deep.include({ code: 2, stdout: '' });
      expect(run.stderr).to.equal(`vetted: unknown command "frobnicate"\n\n${overviewHelp(COMMAND_SPECS)}\n`);
      for (const spec of COMMAND_SPECS) expect(run.stderr).to.match(new RegExp(`^ {2}${spec.name}`, 'm'));
    }
  });
});

describe('the CLI commands bound in the container', () => {
  it('are the commands the specs describe, each once, in help’s order: the set is complete by construction', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-cli-set-'));
    const container = buildContainer(loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'vetted.sqlite')}`, LOG_LEVEL: 'warn' }), {
      logDestination: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      const bound = container.getAll<CliCommand>(CliCommand);
      const specs = COMMAND_SPECS.filter((spec) => !SERVICE_COMMANDS.some((service) => service === spec));
      // The very spec objects the parser reads: a command cannot run with other words than help shows.
      expect(bound.map((command) => command.spec)).to.have.ordered.members(specs);
      expect(container.get(CliCommands).all.map((command) => command.spec.name)).to.deep.equal(specs.map((spec) => spec.name));
      for (const { spec } of bound) {
        expect(spec.name, 'name').to.match(/^[a-z-]+( [a-z-]+)?$/);
        expect(spec.summary, spec.name).to.have.length.above(10);
        expect(commandHelp(spec), spec.name).to.match(new RegExp(`^Usage: vetted ${spec.name}`));
        for (const option of Object.values(spec.options ?? {})) expect(option.help, spec.name).to.have.length.above(10);
      }
    } finally {
      await closeContainer(container);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
