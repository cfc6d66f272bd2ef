import { expect } from 'chai';
import fc from 'fast-check';
import { codeSpansHtml } from '../../../src/adapters/http/presenters/code-spans.js';

describe('codeSpansHtml', () => {
  it('escapes the text, then makes each backtick pair a code element', () => {
    expect(codeSpansHtml('Send `X-Content-Type-Options: nosniff` & a `<meta name="referrer">`.')).to.equal(
      'Send <code>X-Content-Type-Options: nosniff</code> &amp; a <code>&lt;meta name=&quot;referrer&quot;&gt;</code>.',
    );
  });

  it('leaves a lone backtick as text', () => {
    expect(codeSpansHtml('a ` b')).to.equal('a ` b');
    expect(codeSpansHtml('`c` and `')).to.equal('<code>c</code> and `');
  });

  it('makes no element but code, whatever the text holds', () => {
    const unit = fc.constantFrom('`', '<', '>', '&', '"', "'", 'a', ' ', 'script');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (text) => {
        const html = codeSpansHtml(text);
        expect(html.replace(/<\/?code>/g, '')).to.not.match(/[<>"']/);
        expect(html.match(/<code>/g)?.length ?? 0).to.equal(html.match(/<\/code>/g)?.length ?? 0);
      }),
    );
  });
});
