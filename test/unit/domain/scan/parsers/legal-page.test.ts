import { expect } from 'chai';
import fc from 'fast-check';
import { hasEmailAddress, judgeLegalPage, MAX_PAGE_CHARS, MIN_POLICY_WORDS, readLegalPage } from '../../../../../src/domain/scan/parsers/legal-page.js';

const filler = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
const page = (title: string, body: string) => `<!DOCTYPE html><html><head><title>${title}</title><style>p{color:red}</style></head><body>${body}</body></html>`;

describe('readLegalPage', () => {
  it('reads the visible text only: no script, style or template, words split at block boundaries', () => {
    const read = readLegalPage(
      page('Privacy', '<h1>Privacy</h1><p>We keep</p><p>your data</p><script>var secret = "cookie";</script><template>hidden</template>'),
    );
    expect(read).to.deep.equal({ text: 'Privacy We keep your data', words: 5, title: 'Privacy', linksMailOrPhone: false, hasContactForm: false });
  });

  it('notices mailto: and tel: links and a form with a text area or an e-mail field', () => {
    expect(readLegalPage('<a href=" MAILTO:hi@example.com">write</a>').linksMailOrPhone).to.equal(true);
    expect(readLegalPage('<a href="tel:+4420">call</a>').linksMailOrPhone).to.equal(true);
    expect(readLegalPage('<form><textarea name="m"></textarea></form>').hasContactForm).to.equal(true);
    expect(readLegalPage('<form><input type="EMAIL"></form>').hasContactForm).to.equal(true);
    expect(readLegalPage('<form><input name="q"></form><textarea></textarea>').hasContactForm).to.equal(false);
  });

  it('stops at its bounds: a huge page, a deep page and one that is not HTML all read without throwing', () => {
    expect(readLegalPage('x '.repeat(MAX_PAGE_CHARS)).words).to.be.at.most(64 * 1024);
    expect(readLegalPage(`${'<div>'.repeat(5000)}deep`).text).to.equal('');
    expect(readLegalPage(undefined as unknown as string).words).to.equal(0);
  });

  it('never throws and bounds its text for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (html) => {
        const read = readLegalPage(html);
        expect(read.text.length).to.be.at.most(64 * 1024);
        expect(read.title.length).to.be.at.most(300);
        expect(read.words).to.be.at.least(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('judgeLegalPage', () => {
  const privacy = `We are the data controller of your personal data. We set one cookie. ${filler(MIN_POLICY_WORDS)}`;
  const terms = `These terms and conditions are the agreement between us. Our liability is limited. ${filler(MIN_POLICY_WORDS)}`;

  it('reads a privacy notice and terms that name two of their subjects at length', () => {
    expect(judgeLegalPage('privacy', readLegalPage(page('Privacy', `<p>${privacy}</p>`)))).to.include({ reads: true });
    expect(judgeLegalPage('terms', readLegalPage(page('Terms', `<p>${terms}</p>`)))).to.include({ reads: true });
    expect(
      judgeLegalPage('privacy', readLegalPage(`<p>Wir verarbeiten personenbezogene Daten nach der DSGVO; Datenschutz ist uns wichtig. ${filler(90)}</p>`))
        .reads,
    ).to.equal(true);
  });

  it('refuses a placeholder, the wrong policy and an error page, saying why', () => {
    expect(judgeLegalPage('privacy', readLegalPage(page('Privacy', '<p>Coming soon.</p>')))).to.deep.equal({
      reads: false,
      reason: 'has 2 words, too few for a privacy notice',
    });
    expect(judgeLegalPage('privacy', readLegalPage(page('Terms', `<p>${terms}</p>`))).reason).to.match(
      /^does not read as a privacy notice \(it names (none|only one) of: personal data/,
    );
    expect(judgeLegalPage('terms', readLegalPage(page('Page not found', `<p>${terms}</p>`)))).to.deep.equal({ reads: false, reason: 'reads as an error page' });
  });

  it('reads a contact page from an e-mail link or address, a form, or a telephone number', () => {
    expect(judgeLegalPage('contact', readLegalPage('<a href="mailto:a@b.example">Mail</a>')).reason).to.equal('links an e-mail address or telephone number');
    expect(judgeLegalPage('contact', readLegalPage('<p>Write to hello@shop.example</p>')).reason).to.equal('gives an e-mail address');
    expect(judgeLegalPage('contact', readLegalPage('<form><textarea></textarea></form>')).reason).to.equal('has a contact form');
    expect(judgeLegalPage('contact', readLegalPage('<p>Call +49 (30) 123-4567</p>')).reason).to.equal('gives a telephone number');
    expect(judgeLegalPage('contact', readLegalPage('<p>We are based in 2024 and love you.</p>'))).to.deep.equal({
      reads: false,
      reason: 'gives no e-mail address, telephone number or contact form',
    });
  });

  // A regular expression that backtracks over a whole run made one long word cost seconds.
  it('judges a contact page in time linear in its length, whatever its one long word or its many @ tokens', () => {
    const text = (t: string) => ({ text: t, words: t.split(' ').length, title: '', linksMailOrPhone: false, hasContactForm: false });
    const hostile = [
      'a'.repeat(64 * 1024),
      '1-'.repeat(32 * 1024),
      `a@${'b'.repeat(64 * 1024)}`,
      Array.from({ length: 20_000 }, (_, i) => `x${i % 10}@y`).join(' '),
      Array.from({ length: 20_000 }, () => 'a@b.').join(''),
    ];
    for (const t of hostile) {
      const started = performance.now();
      judgeLegalPage('contact', text(t));
      expect(performance.now() - started, `${t.slice(0, 12)}... (${t.length} characters)`).to.be.below(1000);
    }
  });

  it('finds an e-mail address exactly where the plain pattern would, on any short text (property)', () => {
    const plain = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
    const units = ['a', 'Z', '7', 'é', '\u{1D49C}', '\uD835', '.', '@', '-', '_', '%', '+', ' ', '(', ':'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 40 }), (parts) => {
        const t = parts.join('');
        expect(hasEmailAddress(t), JSON.stringify(t)).to.equal(plain.test(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any text with an address in it as a contact page, and no text without an @ (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.stringMatching(/^[a-z0-9._%+-]{1,20}@[a-z0-9-]{1,10}(?:\.[a-zé0-9-]{1,10}){1,3}$/),
        fc.string({ maxLength: 200 }),
        (before, address, after) => {
          const withAddress = { text: `${before} ${address} ${after}`, words: 3, title: '', linksMailOrPhone: false, hasContactForm: false };
          expect(judgeLegalPage('contact', withAddress).reads).to.equal(true);
          expect(hasEmailAddress(`${before}${after}`.replaceAll('@', ' '))).to.equal(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives a telephone number of seven to 32 characters, not a long run of digits', () => {
    const contact = (t: string) => judgeLegalPage('contact', { text: t, words: 1, title: '', linksMailOrPhone: false, hasContactForm: false }).reads;
    expect(contact('Call +1 (555) 010-9999 or +44 20 7946 0000')).to.equal(true);
    expect(contact(`Order ${'1'.repeat(40)}`)).to.equal(false);
  });
});
