import { expect } from 'chai';
import fc from 'fast-check';
import { extractHomepageFacts } from '../../../../../src/domain/scan/parsers/html-homepage.js';
import { chooseLink, isSentence } from '../../../../../src/domain/scan/parsers/link-choice.js';

const BASE = 'https://shop.example.com/';
const facts = (body: string) => extractHomepageFacts(`<!DOCTYPE html><html><body>${body}</body></html>`, BASE);
const placements = (body: string) => facts(body).links.map((l) => [l.href.slice(BASE.length - 1), l.placement]);
const chosen = (body: string, kind: 'privacy' | 'terms' | 'contact' | 'imprint' = 'privacy') =>
  chooseLink(facts(body).links, [kind])?.href.slice(BASE.length - 1);

const SENTENCE_LINK = '<p>Our new login keys <a href="/faq">improve privacy and security for every account.</a></p>';
const RUNNING_TEXT_LINK = '<p>We built every part of the shop to protect your <a href="/faq">privacy</a> and your money.</p>';
const FOOTER = '<footer><a href="/privacy-policy">Privacy policy</a> <a href="/agb">AGB</a> <a href="/impressum">Impressum</a></footer>';

describe('where a homepage link sits', () => {
  it('places links in a footer, a nav or a contentinfo or navigation landmark as navigation', () => {
    expect(
      placements(
        '<footer><p>© 2026 Shop Ltd, all rights reserved. <a href="/a">A</a></p></footer><nav><a href="/b">B</a></nav><div role="contentinfo"><a href="/c">C</a></div><ul role="menu navigation"><li><a href="/d">D</a></li></ul>',
      ),
    ).to.deep.equal([
      ['/a', 'navigation'],
      ['/b', 'navigation'],
      ['/c', 'navigation'],
      ['/d', 'navigation'],
    ]);
  });

  it('places a link in running text when its block holds prose besides links, and elsewhere otherwise', () => {
    expect(placements(RUNNING_TEXT_LINK)).to.deep.equal([['/faq', 'text']]);
    expect(placements('<div>Read <em>all about</em> it <a href="/x">here</a></div>')).to.deep.equal([['/x', 'text']]);
    expect(placements('<div class="footer"><a href="/p">Privacy</a> | <a href="/t">Terms</a> © 2026 Shop</div>')).to.deep.equal([
      ['/p', 'other'],
      ['/t', 'other'],
    ]);
    // The prose of a nested block, or of a script, is not the link's own running text.
    expect(
      placements(
        '<div><a href="/p">Privacy</a><p>We ship to every country in the world within a week.</p><script>var a = "one two three four five";</script></div>',
      ),
    ).to.deep.equal([['/p', 'other']]);
  });

  it('still places the links of a page that never closes its blocks', () => {
    expect(extractHomepageFacts('<p>We care about your <a href="/faq">privacy</a> and more', BASE).links[0]?.placement).to.equal('text');
    expect(extractHomepageFacts('<nav><a href="/a">A</a>', BASE).links[0]?.placement).to.equal('navigation');
  });
});

describe('the link a reader takes for a page', () => {
  it('tells a sentence from the name of a page', () => {
    for (const name of [
      'Privacy',
      'Privacy policy',
      'Privacy notice',
      'Datenschutzerklärung',
      'Terms of service',
      'Terms and conditions',
      'Qui sommes-nous ?',
      'Contact us!',
      'Aviso legal y política de privacidad',
      'Allgemeine Geschäftsbedingungen (AGB)',
    ]) {
      expect(isSentence(name), name).to.equal(false);
    }
    for (const sentence of [
      'improve privacy and security for every account.',
      'Read how we protect your privacy!',
      'We keep your data private, safe and never sold',
      'privacy and security…',
    ]) {
      expect(isSentence(sentence), sentence).to.equal(true);
    }
  });

  it("takes the footer's privacy policy over a link in a sentence of the body, however the body's link is written", () => {
    expect(chosen(`${SENTENCE_LINK}${FOOTER}`)).to.equal('/privacy-policy');
    expect(chosen(`${RUNNING_TEXT_LINK}${FOOTER}`)).to.equal('/privacy-policy');
    expect(chosen(`${RUNNING_TEXT_LINK}${FOOTER}`, 'terms')).to.equal('/agb');
    expect(chosen(`${RUNNING_TEXT_LINK}${FOOTER}`, 'imprint')).to.equal('/impressum');
  });

  it('never takes a link whose text is a sentence, even when it is the only one', () => {
    expect(chosen(SENTENCE_LINK)).to.equal(undefined);
    expect(chosen('<div><a href="/privacy">Read how we protect your privacy and what we never do with it</a></div>')).to.equal(undefined);
    expect(facts(SENTENCE_LINK).keyLinks.privacy).to.equal(null);
  });

  it('takes a link in running text when there is no other', () => {
    expect(chosen(RUNNING_TEXT_LINK)).to.equal('/faq');
  });

  it('prefers a link whose own text names the page to one named only by its path, then navigation, then the path', () => {
    expect(chosen('<div><a href="/privacy-policy"><img src="lock.svg" alt=""></a> <a href="/legal">Privacy</a></div>')).to.equal('/legal');
    expect(chosen('<div><a href="/p1">Privacy</a></div><nav><a href="/p2">Privacy</a></nav>')).to.equal('/p2');
    expect(chosen('<div><a href="/legal">Privacy</a> <a href="/privacy">Privacy</a></div>')).to.equal('/privacy');
    expect(chosen('<div><a href="/one">Privacy</a> <a href="/two">Privacy</a></div>')).to.equal('/one');
  });

  it('prefers what the caller prefers only among links a reader would take alike', () => {
    const links = facts(
      '<p>We care about your <a href="https://shop.example.com/faq">privacy</a> and your money.</p><footer><a href="https://legal.other.example/privacy">Privacy</a></footer><div><a href="https://legal.other.example/p">Privacy</a> <a href="/privacy">Privacy</a></div>',
    ).links;
    const own = (l: { href: string }) => l.href.startsWith(BASE);
    expect(chooseLink(links, ['privacy'], own)?.href).to.equal('https://shop.example.com/privacy');
    expect(chooseLink(links.slice(0, 2), ['privacy'], own)?.href).to.equal('https://legal.other.example/privacy');
  });

  it('never takes a sentence nor a link of another kind, and places every link, whatever the markup (property)', () => {
    const piece = fc.constantFrom(
      '<footer>',
      '</footer>',
      '<nav>',
      '</nav>',
      '<div role="contentinfo">',
      '<p>',
      '</p>',
      '<div>',
      '</div>',
      '<li>',
      '<script>',
      '</script>',
      'We care about all of it ',
      '© 2026 ',
      '<a href="/privacy">Privacy policy</a>',
      '<a href="/faq">privacy</a>',
      '<a href="/x">Read why your privacy matters to us.</a>',
      '<a href="/terms">Terms</a>',
      '<a href="https://other.example/privacy"><img alt="Privacy"></a>',
      '<a href="/privacy-notice"></a>',
      '<a href="/a">About us</a>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const page = facts(pieces.join(''));
        expect(page.links.every((l) => ['navigation', 'text', 'other'].includes(l.placement))).to.equal(true);
        const link = chooseLink(page.links, ['privacy']);
        if (link !== undefined) {
          expect(link.kinds).to.include('privacy');
          expect(isSentence(link.text)).to.equal(false);
        }
        expect(page.keyLinks.privacy).to.equal(chooseLink(page.links, ['privacy'], (l) => l.sameSite === true)?.href ?? null);
      }),
      { numRuns: 300 },
    );
  });
});
