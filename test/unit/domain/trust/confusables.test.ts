import { expect } from 'chai';
import fc from 'fast-check';
import { looseSkeleton, mixedScripts, skeleton } from '../../../../src/domain/trust/confusables.js';
import { editDistance, isOneEditAway, isPlausibleSubstitution, oneEdit } from '../../../../src/domain/trust/edit-distance.js';

describe('confusable skeletons', () => {
  it('folds homoglyphs, look-alike digits, rn, vv, cl, accents and hyphens', () => {
    expect(skeleton('\u0430\u0440\u0440\u04cf\u0435')).to.equal('apple');
    expect(skeleton('g00gle')).to.equal('google');
    expect(skeleton('rnicrosoft')).to.equal('microsoft');
    expect(skeleton('vvise')).to.equal('wise');
    expect(skeleton('clell')).to.equal('dell');
    expect(skeleton('p\u00e4yp\u00e1l')).to.equal('paypal');
    expect(skeleton('pay-pal')).to.equal('paypal');
    expect(skeleton('\u03c1\u03b1\u03c5\u03c1\u03b1l')).to.equal('paupal');
    expect(skeleton('\u01bfayta\u2c6a')).to.equal('paytak');
  });

  it('keeps a label of digits as it is', () => {
    expect(skeleton('53')).to.equal('53');
    expect(skeleton('3-60')).to.equal('360');
  });

  it('folds more loosely for comparison with brand labels only', () => {
    expect(looseSkeleton('1bm')).to.equal(looseSkeleton('ibm'));
    expect(looseSkeleton('gooqle')).to.equal(looseSkeleton('google'));
    expect(looseSkeleton('yovtube')).to.equal(looseSkeleton('youtube'));
    expect(looseSkeleton('tilktok')).to.equal(looseSkeleton('tiktok'));
    expect(looseSkeleton('arnazon')).to.equal(looseSkeleton('amazon'));
    expect(looseSkeleton('nike')).to.not.equal(looseSkeleton('mike'));
  });

  it('finds mixed scripts, not single ones', () => {
    expect(mixedScripts('\u0430pple')).to.deep.equal(['Latin', 'Cyrillic']);
    expect(mixedScripts('\u043f\u0440\u0438\u043c\u0435\u0440')).to.equal(null);
    expect(mixedScripts('example-1')).to.equal(null);
  });
});

describe('one Damerau-Levenshtein edit', () => {
  it('covers insertion, deletion, substitution and transposition, and nothing else', () => {
    expect(isOneEditAway('paypal', 'paypall')).to.equal(true);
    expect(isOneEditAway('paypal', 'paypl')).to.equal(true);
    expect(isOneEditAway('paypal', 'paypa1')).to.equal(true);
    expect(isOneEditAway('paypal', 'pyapal')).to.equal(true);
    expect(isOneEditAway('paypal', 'paypal')).to.equal(false);
    expect(isOneEditAway('paypal', 'pyapl')).to.equal(false);
    expect(isOneEditAway('paypal', 'apypla')).to.equal(false);
  });

  it('names the edit from the typed label to the target', () => {
    expect(oneEdit('paypall', 'paypal')).to.deep.equal({ kind: 'insertion' });
    expect(oneEdit('paypl', 'paypal')).to.deep.equal({ kind: 'deletion' });
    expect(oneEdit('paypak', 'paypal')).to.deep.equal({ kind: 'substitution', from: 'k', to: 'l' });
    expect(oneEdit('pyapal', 'paypal')).to.deep.equal({ kind: 'transposition' });
    expect(oneEdit('paypal', 'paypal')).to.equal(null);
  });

  it('agrees with the full distance', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => isOneEditAway(a, b) === (editDistance(a, b) === 1)),
      { numRuns: 2000 },
    );
  });

  it('takes neighbouring keys, one-bit flips, vowels and look-alike letters as plausible slips', () => {
    expect(isPlausibleSubstitution('k', 'l')).to.equal(true); // neighbouring keys
    expect(isPlausibleSubstitution('r', 'v')).to.equal(true); // 0x72 and 0x76: one bit
    expect(isPlausibleSubstitution('a', 'e')).to.equal(true); // vowels
    expect(isPlausibleSubstitution('c', 'e')).to.equal(true); // look-alike letters
    expect(isPlausibleSubstitution('z', 'l')).to.equal(false); // zoom and loom
    expect(isPlausibleSubstitution('e', 'h')).to.equal(false); // wise and wish
    expect(isPlausibleSubstitution('p', 'm')).to.equal(false); // apple and ample
  });
});
