import { expect } from 'chai';
import { parseEntityFile } from '../../../src/adapters/cli/entity-file.js';
import { parseScanList } from '../../../src/adapters/cli/scan-list-file.js';

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
    expect(parseEntityFile('entities.csv', '{"domain":"a.com"}\n')).to.deep.equal([
      { line: 1, unreadable: 'quoted CSV fields are not supported (a field with a comma or a double quote needs JSON Lines)' },
    ]);
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
    expect(parseEntityFile('e.csv', 'domain,name,name\n')).to.deep.equal([
      { line: 1, unreadable: 'column "name" twice in the header; the columns are domain, name, type, level, expires_at' },
    ]);
    expect(parseEntityFile('e.csv', '\n\n')).to.deep.equal([]);
  });
});
