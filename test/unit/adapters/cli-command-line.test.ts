import { expect } from 'chai';
import { COMMAND_SPECS } from '../../../src/adapters/cli/cli-module.js';
import { commandHelp, overviewHelp, VERSION_LINE } from '../../../src/adapters/cli/command-help.js';
import { parseCommandLine } from '../../../src/adapters/cli/command-line.js';
import { SERVICE_VERSION } from '../../../src/domain/service-info.js';

const spec = (name: string) => COMMAND_SPECS.find((s) => s.name === name)!;

function command(...argv: string[]): { name: string; input: unknown } {
  const line = parseCommandLine(argv, COMMAND_SPECS);
  if (line.kind !== 'command') throw new Error(`${argv.join(' ')} was not a command: ${JSON.stringify(line)}`);
  return { name: line.spec.name, input: line.input };
}

function refusal(...argv: string[]): { message: string; usage: string } {
  const line = parseCommandLine(argv, COMMAND_SPECS);
  if (line.kind !== 'wrong') throw new Error(`${argv.join(' ')} was not refused: ${JSON.stringify(line)}`);
  return { message: line.message, usage: line.usage };
}

function printed(...argv: string[]): string {
  const line = parseCommandLine(argv, COMMAND_SPECS);
  if (line.kind !== 'print') throw new Error(`${argv.join(' ')} printed nothing: ${JSON.stringify(line)}`);
  return line.text;
}

describe('parseCommandLine', () => {
  it('understands --version and -V, alone', () => {
    expect(printed('--version')).to.equal(`vetted ${SERVICE_VERSION}`);
    expect(printed('-V')).to.equal(VERSION_LINE);
    expect(refusal('--version', 'extra').message).to.equal('--version takes no arguments, not "extra"');
  });

  it('understands every command with its arguments and options', () => {
    expect(command('serve')).to.deep.equal({ name: 'serve', input: 'serve' });
    expect(command('jobs', '--json')).to.deep.equal({ name: 'jobs', input: { json: true } });
    expect(command('entity', 'import', 'people.csv')).to.deep.equal({ name: 'entity import', input: { file: 'people.csv' } });
    expect(command('entity', 'add', '--name=Acme', '--domain', 'acme.example', '--level', 'enterprise')).to.deep.equal({
      name: 'entity add',
      input: { domain: 'acme.example', name: 'Acme', type: undefined, level: 'enterprise', expires: undefined },
    });
    expect(command('block', 'add', 'evil.example', '--reason', 'phishing')).to.deep.equal({
      name: 'block add',
      input: { domain: 'evil.example', reason: 'phishing' },
    });
    expect(command('block', 'add', '--', '--odd')).to.deep.equal({ name: 'block add', input: { domain: '--odd', reason: undefined } });
    expect(command('verify-signature', 'a.jws', '--jwks', 'keys.json')).to.deep.equal({
      name: 'verify-signature',
      input: { file: 'a.jws', jwks: 'keys.json', checkpoint: undefined, json: false },
    });
  });

  it('refuses missing and extra words in the command’s terms, with its usage', () => {
    expect(refusal('entity', 'import')).to.deep.equal({ message: 'entity import needs FILE', usage: commandHelp(spec('entity import')) });
    expect(refusal('entity', 'frobnicate').message).to.equal('entity takes add, list or import');
    expect(refusal('block').message).to.equal('block takes add, remove, list or import');
    expect(refusal('block').usage).to.match(/^Usage: vetted block add DOMAIN \[--reason REASON\]\n {7}vetted block remove DOMAIN\n/);
    expect(refusal('migrate', 'now').message).to.equal('migrate takes no arguments, not "now"');
    expect(refusal('block', 'remove', 'a.example', 'b.example').message).to.equal('block remove takes one DOMAIN, not also "b.example"');
    expect(refusal('entity', 'add', '--domain', 'example.com').message).to.equal('entity add needs --name');
    expect(refusal('entity', 'add', '--name', 'X', '--domain=').message).to.equal('entity add needs --domain');
  });

  it('refuses an unknown option by its name, with the command’s usage and not the parser’s advice', () => {
    const bogus = refusal('scan', 'example.com', '--bogus');
    expect(bogus.message).to.equal('unknown option "--bogus" for scan');
    expect(bogus.usage).to.equal(commandHelp(spec('scan')));
    expect(bogus.usage).to.match(/^Usage: vetted scan DOMAIN /);
    expect(refusal('scan', 'example.com', '--bogus=1').message).to.equal('unknown option "--bogus" for scan');
    expect(refusal('jobs', '-x').message).to.equal('unknown option "-x" for jobs');
    for (const name of ['constructor', '__proto__', 'toString']) expect(refusal('jobs', `--${name}`).message).to.equal(`unknown option "--${name}" for jobs`);
    expect(refusal('jobs', '--js\u0007on').message).to.equal('unknown option "--js?on" for jobs');
    expect(refusal('--bogus').message).to.equal('unknown option "--bogus"; options follow the command');
  });

  it('refuses an option without its value, or a value for a flag, naming the option', () => {
    expect(refusal('block', 'add', 'a.example', '--reason').message).to.equal('--reason needs a value (REASON)');
    expect(refusal('jobs', '--json=yes').message).to.equal('--json takes no value');
    expect(refusal('scan', 'example.com', '--fail-under', '--json').message).to.equal(
      '--fail-under needs a value (SCORE) before "--json" (write --fail-under=--json if that is the value)',
    );
  });

  it('answers an unknown command with its name and the list of commands', () => {
    const wrong = refusal('frobnicate');
    expect(wrong).to.deep.equal({ message: 'unknown command "frobnicate"', usage: overviewHelp(COMMAND_SPECS) });
    for (const s of COMMAND_SPECS) expect(wrong.usage).to.contain(`  ${s.name}`);
    expect(refusal('help', 'frobnicate').message).to.equal('unknown command "frobnicate"');
    expect(refusal('help', 'scan', 'extra').message).to.equal('unknown command "scan extra"');
  });
});

describe('scan on the command line', () => {
  it('understands DOMAIN with --fail-under and --require, alone or together', () => {
    expect(command('scan', 'example.com').input).to.deep.equal({ domain: 'example.com', json: false, fresh: false, gate: {} });
    expect(command('scan', 'example.com', '--json', '--fail-under', '70', '--require', 'ready').input).to.deep.equal({
      domain: 'example.com',
      json: true,
      fresh: false,
      gate: { failUnder: 70, require: 'ready' },
    });
    expect((command('scan', '--require=limited', 'example.com', '--fail-under=0').input as { gate: object }).gate).to.deep.equal({
      failUnder: 0,
      require: 'limited',
    });
    expect((command('scan', 'example.com', '--fail-under', '100').input as { gate: object }).gate).to.deep.equal({ failUnder: 100 });
  });

  it('understands --file LIST, - being standard input', () => {
    expect(command('scan', '--file', 'domains.txt', '--fresh', '--require', 'limited').input).to.deep.equal({
      file: 'domains.txt',
      fresh: true,
      gate: { require: 'limited' },
    });
    expect(command('scan', '--file', '-').input).to.deep.equal({ file: '-', fresh: false, gate: {} });
  });

  it('refuses a bad gate value with one message naming the option', () => {
    for (const value of ['101', '-1', '70.5', 'seventy', '', '1e2', ' 70']) {
      expect(refusal('scan', 'example.com', `--fail-under=${value}`).message, value).to.equal(
        `--fail-under must be a whole number from 0 to 100 (got "${value}")`,
      );
    }
    expect(refusal('scan', 'example.com', '--require', 'perfect').message).to.equal('--require must be ready or limited (got "perfect")');
    expect(refusal('scan', 'example.com', '--require', 'Ready').message).to.equal('--require must be ready or limited (got "Ready")');
    expect(refusal('scan', '--file', 'l.txt', '--require', 'unknown').message).to.contain('--require');
    expect(refusal('scan', 'example.com', '--fail-under').message).to.equal('--fail-under needs a value (SCORE)');
  });

  it('takes exactly one of DOMAIN and --file', () => {
    expect(refusal('scan').message).to.equal('scan needs a DOMAIN or --file LIST');
    expect(refusal('scan', '--json').message).to.equal('scan needs a DOMAIN or --file LIST');
    expect(refusal('scan', 'example.com', '--file', 'l.txt').message).to.equal('scan takes a DOMAIN or --file LIST, not both');
    expect(refusal('scan', 'a.com', 'b.com').message).to.equal('scan takes one DOMAIN, not also "b.com"');
    expect(refusal('scan', '--file=').message).to.equal('--file needs a file name, or - for standard input');
  });
});

describe('help on the command line', () => {
  it('prints every command’s usage for help COMMAND, COMMAND --help and COMMAND -h', () => {
    for (const s of COMMAND_SPECS) {
      const words = s.name.split(' ');
      const help = commandHelp(s);
      for (const argv of [
        ['help', ...words],
        ['--help', ...words],
        [...words, '--help'],
        [...words, '-h'],
      ])
        expect(printed(...argv), argv.join(' ')).to.equal(help);
      expect(help).to.match(new RegExp(`^Usage: vetted ${s.name}( |$)`, 'm'));
      expect(help).to.contain(`\n\n${s.summary.charAt(0).toUpperCase()}${s.summary.slice(1)}.\n`);
      for (const [name, option] of Object.entries(s.options ?? {}))
        expect(help, `${s.name} --${name}`).to.contain(`--${name}`).and.contain(option.help.split(' ').slice(0, 3).join(' '));
      for (const argument of s.arguments ?? []) expect(help).to.contain(`  ${argument.name}`);
      expect(help).to.contain('-h, --help');
    }
  });

  it('prefers help to anything wrong beside it, and reads -h inside grouped short options', () => {
    expect(printed('scan', '--bogus', '--help')).to.equal(commandHelp(spec('scan')));
    expect(printed('scan', '--fail-under', '101', '-h')).to.equal(commandHelp(spec('scan')));
    expect(command('block', 'add', '--', '--help').input).to.deep.include({ domain: '--help' });
  });

  it('lists every command with its summary for help, --help, -h and no words at all', () => {
    const overview = overviewHelp(COMMAND_SPECS);
    for (const argv of [[], ['help'], ['--help'], ['-h'], ['help', 'help']]) expect(printed(...argv), argv.join(' ')).to.equal(overview);
    expect(overview).to.match(/^Usage: vetted COMMAND/);
    for (const s of COMMAND_SPECS)
      expect(overview).to.match(new RegExp(`^ {2}${s.name}( .*)?\\s{2,}${s.summary.slice(0, 20).replace(/[()[\]|]/g, '\\$&')}`, 'm'));
    expect(overview)
      .to.match(/^ {2}help \[COMMAND\] /m)
      .and.match(/^ {2}--version, -V /m)
      .and.contain('entity import FILE');
  });

  it('prints a group’s commands for help entity and entity --help', () => {
    const group = printed('help', 'entity');
    expect(printed('entity', '--help')).to.equal(group);
    expect(group.split('\n').slice(0, 3)).to.deep.equal([
      'Usage: vetted entity add --domain DOMAIN --name NAME [--type TYPE] [--level basic|verified|enterprise] [--expires ISO8601]',
      '       vetted entity list [--json]',
      '       vetted entity import FILE',
    ]);
  });
});

describe('the command specs', () => {
  it('give each command a unique name, a one-line summary and help for every argument and option', () => {
    const names = COMMAND_SPECS.map((s) => s.name);
    expect(new Set(names).size).to.equal(names.length);
    for (const s of COMMAND_SPECS) {
      expect(s.name).to.match(/^[a-z][a-z-]*( [a-z][a-z-]*)?$/);
      expect(['help', 'version']).to.not.include(s.name.split(' ')[0]);
      expect(s.summary, s.name)
        .to.match(/^[a-z].{9,80}$/)
        .and.not.match(/\.$/);
      expect(Object.keys(s.options ?? {}), s.name).to.not.include('help');
      for (const option of Object.values(s.options ?? {})) expect(option.help, s.name).to.have.length.above(10);
      for (const argument of s.arguments ?? []) expect(argument.help, s.name).to.have.length.above(5);
    }
  });
});
