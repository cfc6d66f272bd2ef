import { expect } from 'chai';
import { parseEntityFile } from '../../../src/adapters/cli/entity-file.js';
import { parseCommand, USAGE, VERSION_LINE } from '../../../src/adapters/cli/parse-command.js';
import { parseScanList } from '../../../src/adapters/cli/scan-list-file.js';
import { SERVICE_VERSION } from '../../../src/domain/service-info.js';

describe('parseCommand', () => {
  it('understands --version and -V, alone', () => {
    expect(parseCommand(['--version'])).to.deep.equal({ ok: true, command: { name: 'version' } });
    expect(parseCommand(['-V'])).to.deep.equal({ ok: true, command: { name: 'version' } });
    expect(parseCommand(['--version', 'extra']).ok).to.equal(false);
    expect(VERSION_LINE).to.equal(`vetted ${SERVICE_VERSION}`);
  });

  it('understands entity import FILE', () => {
    expect(parseCommand(['entity', 'import', 'people.csv'])).to.deep.equal({ ok: true, command: { name: 'entity import', file: 'people.csv' } });
    expect(parseCommand(['entity', 'import']).ok).to.equal(false);
    expect(parseCommand(['entity', 'frobnicate'])).to.deep.equal({ ok: false, message: 'entity takes add, list or import' });
  });

  it('understands scan DOMAIN with --fail-under and --require, alone or together', () => {
    expect(parseCommand(['scan', 'example.com'])).to.deep.equal({ ok: true, command: { name: 'scan', domain: 'example.com', json: false, fresh: false, gate: {} } });
    expect(parseCommand(['scan', 'example.com', '--json', '--fail-under', '70', '--require', 'ready'])).to.deep.equal({
      ok: true,
      command: { name: 'scan', domain: 'example.com', json: true, fresh: false, gate: { failUnder: 70, require: 'ready' } },
    });
    expect(parseCommand(['scan', '--require=limited', 'example.com', '--fail-under=0'])).to.deep.include({ ok: true });
    expect((parseCommand(['scan', '--require=limited', 'example.com', '--fail-under=0']) as any).command.gate).to.deep.equal({ failUnder: 0, require: 'limited' });
    expect((parseCommand(['scan', 'example.com', '--fail-under', '100']) as any).command.gate).to.deep.equal({ failUnder: 100 });
  });

  it('understands scan --file LIST, - being standard input', () => {
    expect(parseCommand(['scan', '--file', 'domains.txt', '--fresh', '--require', 'limited'])).to.deep.equal({
      ok: true,
      command: { name: 'scan list', file: 'domains.txt', fresh: true, gate: { require: 'limited' } },
    });
    expect(parseCommand(['scan', '--file', '-'])).to.deep.equal({ ok: true, command: { name: 'scan list', file: '-', fresh: false, gate: {} } });
  });

  it('refuses a bad gate value with one message naming the option', () => {
    for (const value of ['101', '-1', '70.5', 'seventy', '', '1e2', ' 70']) {
      expect(parseCommand(['scan', 'example.com', `--fail-under=${value}`]), value).to.deep.equal({ ok: false, message: `--fail-under must be a whole number from 0 to 100 (got "${value}")` });
    }
    expect(parseCommand(['scan', 'example.com', '--require', 'perfect'])).to.deep.equal({ ok: false, message: '--require must be ready or limited (got "perfect")' });
    expect(parseCommand(['scan', 'example.com', '--require', 'Ready'])).to.deep.equal({ ok: false, message: '--require must be ready or limited (got "Ready")' });
    expect(parseCommand(['scan', '--file', 'l.txt', '--require', 'unknown']).ok).to.equal(false);
    expect((parseCommand(['scan', 'example.com', '--fail-under']) as any).message).to.contain('--fail-under');
  });

  it('takes exactly one of DOMAIN and --file', () => {
    expect(parseCommand(['scan'])).to.deep.equal({ ok: false, message: 'scan needs a DOMAIN or --file LIST' });
    expect(parseCommand(['scan', '--json'])).to.deep.equal({ ok: false, message: 'scan needs a DOMAIN or --file LIST' });
    expect(parseCommand(['scan', 'example.com', '--file', 'l.txt'])).to.deep.equal({ ok: false, message: 'scan takes a DOMAIN or --file LIST, not both' });
    expect(parseCommand(['scan', 'a.com', 'b.com'])).to.deep.equal({ ok: false, message: 'scan takes one DOMAIN (or --file LIST for many)' });
    expect(parseCommand(['scan', '--file='])).to.deep.equal({ ok: false, message: '--file needs a file name, or - for standard input' });
    expect(parseCommand(['scan', 'example.com', '--bogus']).ok).to.equal(false);
  });

  it('lists --version and every command in the usage', () => {
    for (const command of ['serve', 'worker', 'jobs', 'migrate', 'recheck', 'entity add', 'entity list', 'entity import', 'block add', 'block remove', 'block list', 'block import', 'scan', 'help', '--version']) {
      expect(USAGE, command).to.match(new RegExp(`^ {2}${command}[ ,]`, 'm'));
    }
  });
});

describe('parseScanList', () => {
  it('reads one domain a line, skipping blank lines and # comments, numbering lines as an editor does', () => {
    const text = '\uFEFF# CI targets\r\nexample.com\r\n\n   \n  shop.example.com   # the shop\nnot a domain!\n#example.org\n';
    expect(parseScanList(text)).to.deep.equal([
      { line: 2, domain: 'example.com' },
      { line: 5, domain: 'shop.example.com' },
      { line: 6, domain: 'not a domain!' },
    ]);
    expect(parseScanList('\n# nothing\n')).to.deep.equal([]);
  });
});

describe('parseEntityFile', () => {
  it('reads JSON Lines by extension or by a first "{", numbering lines as an editor does', () => {
    const text = '\uFEFF{"domain":"a.com","name":"A"}\n\n  \r\n{"domain":"b.com","name":"B","expires_at":"2030-01-01T00:00:00Z"}\r\n[1]\n{oops\nnull\n';
    const expected = [
      { line: 1, fields: { domain: 'a.com', name: 'A' } },
      { line: 4, fields: { domain: 'b.com', name: 'B', expires_at: '2030-01-01T00:00:00Z' } },
      { line: 5, unreadable: 'expected a JSON object' },
      { line: 6, unreadable: 'not valid JSON' },
      { line: 7, unreadable: 'expected a JSON object' },
    ];
    expect(parseEntityFile('entities.jsonl', text)).to.deep.equal(expected);
    expect(parseEntityFile('entities.txt', text)).to.deep.equal(expected);
  });

  it('reads CSV with a header, an empty field being absent', () => {
    const text = 'Domain, name ,level,expires_at\r\n\r\na.com,Acme Corp,,\nb.com , B ,enterprise,2030-01-01T00:00:00Z\n';
    expect(parseEntityFile('entities.csv', text)).to.deep.equal([
      { line: 3, fields: { domain: 'a.com', name: 'Acme Corp' } },
      { line: 4, fields: { domain: 'b.com', name: 'B', level: 'enterprise', expires_at: '2030-01-01T00:00:00Z' } },
    ]);
    expect(parseEntityFile('entities.txt', 'domain,name\na.com,A\n')).to.deep.equal([{ line: 2, fields: { domain: 'a.com', name: 'A' } }]);
    expect(parseEntityFile('entities.csv', '{"domain":"a.com"}\n')).to.deep.equal([{ line: 1, unreadable: 'quoted CSV fields are not supported (a field with a comma or a double quote needs JSON Lines)' }]);
  });

  it('refuses quoted CSV fields and rows that do not match the header, line by line', () => {
    const text = 'domain,name\na.com,"Acme, Inc."\nb.com,Acme, Inc.\nc.com\nd.com,D\n';
    expect(parseEntityFile('entities.csv', text)).to.deep.equal([
      { line: 2, unreadable: 'quoted CSV fields are not supported (a field with a comma or a double quote needs JSON Lines)' },
      { line: 3, unreadable: '3 fields where the header has 2 (a comma inside a field needs JSON Lines)' },
      { line: 4, unreadable: '1 field where the header has 2 (a comma inside a field needs JSON Lines)' },
      { line: 5, fields: { domain: 'd.com', name: 'D' } },
    ]);
  });

  it('refuses a header with an unknown or repeated column as one bad line 1', () => {
    expect(parseEntityFile('e.csv', 'domain,name,owner\na.com,A,x\n')).to.deep.equal([
      { line: 1, unreadable: 'unknown column "owner" in the header; the columns are domain, name, type, level, expires_at' },
    ]);
    expect(parseEntityFile('e.csv', 'domain,name,name\n')).to.deep.equal([{ line: 1, unreadable: 'column "name" twice in the header; the columns are domain, name, type, level, expires_at' }]);
    expect(parseEntityFile('e.csv', '\n\n')).to.deep.equal([]);
  });
});
