import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { judgeSite } from '../../../../src/domain/scan/judge/judge-site.js';
import { legalPageSources } from '../../../../src/domain/scan/judge/legal-pages.js';
import { extractHomepageFacts } from '../../../../src/domain/scan/parsers/html-homepage.js';
import type { ProbeId, ProbeResponse, ProbeResult } from '../../../../src/domain/scan/probes.js';

const HOME = 'https://www.shop.example.com/';
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const PRIVACY = `<title>Privacy</title><p>We are the data controller of your personal data and use one cookie. ${words(90)}</p>`;
const TERMS = `<title>Terms</title><p>These terms and conditions are our agreement; our liability is limited. ${words(90)}</p>`;
const CONTACT = '<title>Contact</title><p>Write to hello@shop.example.com</p>';

function page(probe: ProbeId, url: string, bodyText: string, status = 200): ProbeResponse {
  return {
    ok: true,
    probe,
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status,
    headers: {},
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText,
    bodyBytes: bodyText.length,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: null,
  };
}

const homepage = (links: string) => page('https_root', HOME, `<html><body>${links}</body></html>`);
const legal = (probes: ProbeResult[]) =>
  judgeSite('rpt_x', domainName('www.shop.example.com'), probes, new Date('2026-11-25T00:00:00Z')).checks.find((c) => c.id === 'contact_legal')!;
const sources = (home: ProbeResponse) => legalPageSources(home, extractHomepageFacts(home.bodyText, home.finalUrl));
const OWN_LINKS = '<a href="/privacy">Privacy</a><a href="/terms#top">Terms</a><a href="/contact">Contact</a>';

describe('the contact and legal check', () => {
  it('fetches only same-host pages, one per kind, and never follows other hosts or a mailto link', () => {
    const home = homepage(
      '<a href="https://policies.other.example.com/privacy">Privacy</a><a href="https://shop.example.com/terms">Terms</a><a href="mailto:hi@shop.example.com">Contact</a><a href="/privacy">Privacy</a>',
    );
    expect(sources(home)).to.deep.equal([
      { kind: 'privacy', from: 'probe', url: 'https://www.shop.example.com/privacy', probe: 'privacy_page' },
      { kind: 'terms', from: 'other_host', url: 'https://shop.example.com/terms' },
      { kind: 'contact', from: 'homepage_mail' },
    ]);
    expect(sources(homepage('<a href="/#contact">Contact</a><a href="/impressum">Impressum</a>'))).to.deep.equal([
      { kind: 'privacy', from: 'none' },
      { kind: 'terms', from: 'none' },
      { kind: 'contact', from: 'homepage', url: 'https://www.shop.example.com/#contact' },
    ]);
    expect(sources(homepage('<a href="/impressum">Impressum</a>'))[2]).to.deep.equal({
      kind: 'contact',
      from: 'probe',
      url: 'https://www.shop.example.com/impressum',
      probe: 'contact_page',
    });
  });

  it("reads the pages a reader finds: the footer's links, not a body sentence that links 'privacy' elsewhere first", () => {
    const body =
      '<p>Our new login keys <a href="/faq">improve privacy and security</a> for every account.</p><p>Read about your <a href="/faq#privacy">privacy</a> and your rights in our answers.</p>';
    const footer =
      '<footer><a href="/legal/privacy-notice">Privacy notice</a> <a href="/legal/terms">Terms and conditions</a> <a href="/kontakt">Kontakt</a></footer>';
    expect(sources(homepage(`${body}${footer}`))).to.deep.equal([
      { kind: 'privacy', from: 'probe', url: `${HOME}legal/privacy-notice`, probe: 'privacy_page' },
      { kind: 'terms', from: 'probe', url: `${HOME}legal/terms`, probe: 'terms_page' },
      { kind: 'contact', from: 'probe', url: `${HOME}kontakt`, probe: 'contact_page' },
    ]);
    expect(sources(homepage('<div><a href="/faq">Why we care so much for your privacy.</a></div>'))[0]).to.deep.equal({ kind: 'privacy', from: 'none' });
    // A reader finds the footer's link although it leads to another host: it is taken, and earns what such a link earns.
    const offHost = homepage(
      '<p>We care about your <a href="/faq">privacy</a> and your money, always.</p><footer><a href="https://policies.other.example.com/privacy">Privacy policy</a></footer>',
    );
    expect(sources(offHost)[0]).to.deep.equal({ kind: 'privacy', from: 'other_host', url: 'https://policies.other.example.com/privacy' });
  });

  it('passes with 6 points when every fetched page reads as promised, and lists each page as evidence', () => {
    const result = legal([
      homepage(OWN_LINKS),
      page('privacy_page', `${HOME}privacy`, PRIVACY),
      page('terms_page', `${HOME}terms`, TERMS),
      page('contact_page', `${HOME}contact`, CONTACT),
    ]);
    expect(result).to.include({ status: 'pass', points: 6 });
    expect(result.evidence).to.deep.equal([1, 2, 3, 4]);
    expect(result.detail).to.contain('Contact or legal notice: the linked page (evidence 4) gives an e-mail address.');
  });

  it('judges what the pages say, not their link text: a placeholder, a 404 and a wrong page earn nothing', () => {
    const result = legal([
      homepage(OWN_LINKS),
      page('privacy_page', `${HOME}privacy`, '<title>Privacy</title><p>Coming soon</p>'),
      page('terms_page', `${HOME}terms`, 'Not here', 404),
      page('contact_page', `${HOME}contact`, '<p>We love to hear from you.</p>'),
    ]);
    expect(result).to.include({ status: 'fail', points: 0 });
    expect(result.detail).to.equal(
      'Privacy policy: the linked page (evidence 2) has 2 words, too few for a privacy notice. Terms: the linked page (evidence 3) answered HTTP 404. Contact or legal notice: the linked page (evidence 4) gives no e-mail address, telephone number or contact form.',
    );
  });

  it('gives 1 of 2 points for what it could not read: another host, a failed fetch or a 5xx answer', () => {
    const failed: ProbeResult = {
      ok: false,
      probe: 'terms_page',
      requestedUrl: `${HOME}terms`,
      failedUrl: `${HOME}terms`,
      redirects: [],
      code: 'TIMEOUT',
      message: 'slow',
      durationMs: 10_000,
    };
    const result = legal([
      homepage('<a href="https://legal.other.example.com/privacy">Privacy</a><a href="/terms">Terms</a><a href="/contact">Contact</a>'),
      failed,
      page('contact_page', `${HOME}contact`, 'down', 503),
    ]);
    expect(result).to.include({ status: 'warn', points: 3 });
    expect(result.detail).to.contain('Privacy policy: linked on another host, which a scan does not fetch.');
    expect(result.detail).not.to.contain('other.example.com');
    expect(result.detail).to.contain('could not be fetched (no answer in time)');
  });

  it('judges a page that redirects to another host as a link there: 1 point, its content unread', () => {
    const away = (probe: ProbeId, path: string, body: string): ProbeResponse => ({
      ...page(probe, `https://elsewhere.example.net${path}`, body),
      requestedUrl: `${HOME}${path.slice(1)}`,
      redirects: [{ url: `${HOME}${path.slice(1)}`, status: 302, location: `https://elsewhere.example.net${path}` }],
    });
    const result = legal([
      homepage(OWN_LINKS),
      away('privacy_page', '/privacy', PRIVACY),
      away('terms_page', '/terms', TERMS),
      page('contact_page', `${HOME}contact`, CONTACT),
    ]);
    expect(result).to.include({ status: 'warn', points: 4 });
    expect(result.evidence).to.deep.equal([1, 2, 3, 4]);
    expect(result.detail).to.equal(
      'Privacy policy: the linked page (evidence 2) redirected to another host, which a scan does not judge. Terms: the linked page (evidence 3) redirected to another host, which a scan does not judge. Contact or legal notice: the linked page (evidence 4) gives an e-mail address.',
    );
    const sameHostRedirect = { ...page('privacy_page', `${HOME}privacy-notice`, PRIVACY), requestedUrl: `${HOME}privacy` };
    expect(legal([homepage(OWN_LINKS), sameHostRedirect]).detail).to.contain('Privacy policy: the linked page (evidence 2) reads as a privacy notice');
  });

  it('reads a contact section on the homepage itself, and an e-mail link there, without fetching', () => {
    expect(legal([homepage('<a href="#contact">Contact</a><p id="contact">Call +44 20 7946 0000</p>')]).detail).to.contain(
      'Contact or legal notice: the homepage, which the link points back to, gives a telephone number.',
    );
    expect(legal([homepage('<a href="mailto:hi@shop.example.com">Contact us</a>')])).to.include({ points: 2 });
    expect(sources(homepage('<a href="mailto:?to=hi@shop.example.com">Write</a>'))[2]).to.deep.equal({ kind: 'contact', from: 'homepage_mail' });
  });

  it('takes no share-by-e-mail button, which names no recipient, for a contact address', () => {
    const share = '<footer><a href="mailto:?subject=Shop&amp;body=https%3A%2F%2Fshop.example.com" aria-label=""><svg><path d="M0 0"/></svg></a></footer>';
    expect(sources(homepage(share))[2]).to.deep.equal({ kind: 'contact', from: 'none' });
    expect(legal([homepage(share)])).to.include({ status: 'fail', points: 0 });
  });

  it('takes no link that names a guide, settings or choices beside the page, whatever its path', () => {
    const nav =
      '<nav><a href="/privacy">Privacy Guide</a> <a href="/privacy-choices">Your Privacy Choices</a> <a href="/terms-settings">Terms settings</a></nav>';
    expect(sources(homepage(nav))[0]).to.deep.equal({ kind: 'privacy', from: 'none' });
    expect(sources(homepage(`${nav}<footer><a href="/legal/privacy">Privacy</a></footer>`))[0])
      .to.deep.include({ kind: 'privacy' })
      .and.not.deep.include({ from: 'none' });
  });
});
