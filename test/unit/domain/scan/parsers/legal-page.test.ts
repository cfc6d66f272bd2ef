import { expect } from 'chai';
import fc from 'fast-check';
import { judgeLegalPage, MAX_PAGE_CHARS, MIN_POLICY_WORDS, readLegalPage } from '../../../../../src/domain/scan/parsers/legal-page.js';

const filler = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
const page = (title: string, body: string) => `<!DOCTYPE html><html><head><title>${title}</title><style>p{color:red}</style></head><body>${body}</body></html>`;

describe('readLegalPage', () => {
  it('reads the visible text only: no script, style or template, words split at block boundaries', () => {
    const read = readLegalPage(page('Privacy', '<h1>Privacy</h1><p>We keep</p><p>your data</p><script>var secret = "cookie";</script><template>hidden</template>'));
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
    expect(readLegalPage('<div>'.repeat(5000) + 'deep').text).to.equal('');
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
    expect(judgeLegalPage('privacy', readLegalPage(`<p>Wir verarbeiten personenbezogene Daten nach der DSGVO; Datenschutz ist uns wichtig. ${filler(90)}</p>`)).reads).to.equal(true);
  });

  it('refuses a placeholder, the wrong policy and an error page, saying why', () => {
    expect(judgeLegalPage('privacy', readLegalPage(page('Privacy', '<p>Coming soon.</p>')))).to.deep.equal({ reads: false, reason: 'has 2 words, too few for a privacy notice' });
    expect(judgeLegalPage('privacy', readLegalPage(page('Terms', `<p>${terms}</p>`))).reason).to.match(/^does not read as a privacy notice \(it names (none|only one) of: personal data/);
    expect(judgeLegalPage('terms', readLegalPage(page('Page not found', `<p>${terms}</p>`)))).to.deep.equal({ reads: false, reason: 'reads as an error page' });
  });

  it('reads a contact page from an e-mail link or address, a form, or a telephone number', () => {
    expect(judgeLegalPage('contact', readLegalPage('<a href="mailto:a@b.example">Mail</a>')).reason).to.equal('links an e-mail address or telephone number');
    expect(judgeLegalPage('contact', readLegalPage('<p>Write to hello@shop.example</p>')).reason).to.equal('gives an e-mail address');
    expect(judgeLegalPage('contact', readLegalPage('<form><textarea></textarea></form>')).reason).to.equal('has a contact form');
    expect(judgeLegalPage('contact', readLegalPage('<p>Call +49 (30) 123-4567</p>')).reason).to.equal('gives a telephone number');
    expect(judgeLegalPage('contact', readLegalPage('<p>We are based in 2024 and love you.</p>'))).to.deep.equal({ reads: false, reason: 'gives no e-mail address, telephone number or contact form' });
  });
});
