import { expect } from 'chai';
import fc from 'fast-check';
import { splitDetail } from '../../../src/application/views/split-detail.js';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[.:;]+$/, ''))
    .filter((w) => w !== '')
    .sort();

describe('splitDetail: what a check found, and what its detail says to do', () => {
  it('leaves a detail without instructions as it is', () => {
    const detail = 'robots.txt answered with an HTML page, not plain text. Privacy policy: no homepage link.';
    expect(splitDetail(detail)).to.deep.equal({ found: detail, instructions: [] });
  });

  it('takes out whole sentences that start with an instruction verb', () => {
    const detail = 'Strict-Transport-Security is absent. Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once).';
    expect(splitDetail(detail)).to.deep.equal({
      found: 'Strict-Transport-Security is absent.',
      instructions: ['Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once).'],
    });
  });

  it('makes the clause after a colon or semicolon that starts with an instruction verb a sentence of its own', () => {
    expect(splitDetail('robots.txt has no user-agent group: start one with a "User-agent: *" line.')).to.deep.equal({
      found: 'robots.txt has no user-agent group.',
      instructions: ['Start one with a "User-agent: *" line.'],
    });
    expect(splitDetail('Present but invalid. It expired on 2026-01-01: readers must treat it as stale; publish a new Expires date (§2.5.5).')).to.deep.equal({
      found: 'Present but invalid. It expired on 2026-01-01: readers must treat it as stale.',
      instructions: ['Publish a new Expires date (§2.5.5).'],
    });
  });

  it('never cuts inside a code span, nor before a lower-case word or a number', () => {
    const detail = 'The header is `Vary: send. Add` here, e.g. a value. Version 1.0 answered: clients accept only https.';
    expect(splitDetail(detail)).to.deep.equal({ found: detail, instructions: [] });
  });

  it('keeps every word of the detail, in one part or the other', () => {
    const token = fc.constantFrom('Send', 'send', 'add', 'Add', 'the', 'header', 'X', '`a:', 'b`', 'is', 'absent.', 'wrong:', 'it;', 'now.', 'Publish', 'file');
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 30 }), (tokens) => {
        const detail = tokens.join(' ');
        const { found, instructions } = splitDetail(detail);
        expect(words([found, ...instructions].join(' '))).to.deep.equal(words(detail));
      }),
    );
  });
});
