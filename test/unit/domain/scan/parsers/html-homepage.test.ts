import { expect } from 'chai';
import fc from 'fast-check';
import { extractHomepageFacts } from '../../../../../src/domain/scan/parsers/html-homepage.js';

// Shaped like a WordPress homepage with a Yoast SEO graph.
const YOAST_GRAPH = JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebPage', '@id': 'https://www.acme.example/', url: 'https://www.acme.example/', name: 'Acme – Widgets' },
    { '@type': 'WebSite', '@id': 'https://www.acme.example/#website', publisher: { '@id': 'https://www.acme.example/#organization' } },
    {
      '@type': 'Organization',
      '@id': 'https://www.acme.example/#organization',
      name: 'Acme Widgets Ltd',
      url: 'https://www.acme.example/',
      logo: { '@id': 'https://www.acme.example/#/schema/logo/image/' },
      sameAs: ['https://www.linkedin.com/company/acme', 'https://x.com/acme'],
    },
    {
      '@type': 'ImageObject',
      '@id': 'https://www.acme.example/#/schema/logo/image/',
      url: 'https://www.acme.example/logo.png',
      contentUrl: 'https://www.acme.example/logo.png',
    },
  ],
});

const PAGE = `<!DOCTYPE html>
<html lang="en-GB" class="no-js">
<head>
  <meta charset="utf-8">
  <title>  Acme &amp; Co –
     Widgets  </title>
  <meta name="description" content="We make widgets.">
  <meta property="og:site_name" content="Acme">
  <link rel="alternate canonical" href="/">
  <script type="application/ld+json" class="yoast-schema-graph">${YOAST_GRAPH}</script>
  <script type="application/ld+json">{ not json </script>
  <script>var x = "<a href='/not-a-link'>";</script>
</head>
<body>
  <svg><title>menu icon</title></svg>
  <nav><a href="/about-us/">About us</a> <a href="https://shop.acme.example/cart">Cart</a></nav>
  <footer>
    <a href="https://policies.google.com/privacy">Google Privacy Policy</a>
    <a href="/legal/privacy-policy">Privacy</a>
    <a href="/terms-of-service"><span>Terms</span></a>
    <a href="mailto:hello@acme.example">hello@acme.example</a>
    <a href="/contact"><img src="mail.svg" alt="Contact us"></a>
    <a href="javascript:void(0)">Menu</a>
    <a href="https://twitter.com/acme" aria-label="Acme on X"></a>
  </footer>
</body>
</html>`;

describe('extractHomepageFacts', () => {
  it('reads head facts, the Organization and classified links of a typical page', () => {
    const facts = extractHomepageFacts(PAGE, 'https://www.acme.example/');
    expect(facts).to.include({
      looksLikeHtml: true,
      title: 'Acme & Co – Widgets',
      metaDescription: 'We make widgets.',
      lang: 'en-GB',
      canonical: 'https://www.acme.example/',
      ogSiteName: 'Acme',
      linkCount: 8,
      truncated: false,
    });
    expect(facts.jsonLd).to.deep.equal({
      blockCount: 2,
      invalidBlockCount: 1,
      types: ['WebPage', 'WebSite', 'Organization', 'ImageObject'],
      organizationCount: 1,
      organization: {
        type: 'Organization',
        name: 'Acme Widgets Ltd',
        url: 'https://www.acme.example/',
        logo: 'https://www.acme.example/logo.png',
        sameAs: ['https://www.linkedin.com/company/acme', 'https://x.com/acme'],
      },
    });
    expect(facts.keyLinks).to.deep.equal({
      privacy: 'https://www.acme.example/legal/privacy-policy',
      terms: 'https://www.acme.example/terms-of-service',
      contact: 'https://www.acme.example/contact',
      about: 'https://www.acme.example/about-us/',
      imprint: null,
    });
    expect(facts.links.slice(0, 3)).to.deep.equal([
      { href: 'https://www.acme.example/about-us/', text: 'About us', sameSite: true, kinds: ['about'], placement: 'navigation' },
      { href: 'https://shop.acme.example/cart', text: 'Cart', sameSite: true, kinds: [], placement: 'navigation' },
      { href: 'https://policies.google.com/privacy', text: 'Google Privacy Policy', sameSite: false, kinds: ['privacy'], placement: 'navigation' },
    ]);
    expect(facts.links.find((l) => l.href === 'https://www.acme.example/contact')).to.deep.equal({
      href: 'https://www.acme.example/contact',
      text: 'Contact us',
      sameSite: true,
      kinds: ['contact'],
      placement: 'navigation',
    });
    expect(facts.links.find((l) => l.href === 'https://twitter.com/acme')?.text).to.equal('Acme on X');
    expect(facts.links.find((l) => l.href.startsWith('mailto:'))?.sameSite).to.equal(null);
    expect(facts.links.some((l) => l.href.startsWith('javascript:'))).to.equal(false);
    expect(facts.links.every((l) => !l.href.includes('not-a-link'))).to.equal(true);
  });

  it('lists forms declared as WebMCP tools, bounded, with whether each is described', () => {
    const html =
      '<form toolname="search" tooldescription="Find products"></form><form toolname="  "></form><form toolname="buy now"></form><form action="/x"></form>';
    expect(extractHomepageFacts(html, 'https://a.example/').webMcpTools).to.deep.equal([
      { name: 'search', described: true },
      { name: 'buy now', described: false },
    ]);
    const many = '<form toolname="t"></form>'.repeat(80);
    expect(extractHomepageFacts(many, 'https://a.example/').webMcpTools).to.have.length(50);
  });

  it('reads any set of tool forms as its model says, at most 50, names bounded (property)', () => {
    const attr = (v: string) => v.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const form = fc.record({
      name: fc.oneof(fc.string({ maxLength: 20 }), fc.string({ minLength: 120, maxLength: 300 })),
      description: fc.option(fc.string({ maxLength: 40 })),
    });
    fc.assert(
      fc.property(fc.array(form, { maxLength: 120, size: 'max' }), fc.nat(3), (forms, other) => {
        const html = forms
          .map(
            (f, i) =>
              `<div><form action="/f${i}" toolname="${attr(f.name)}"${f.description === null ? '' : ` tooldescription="${attr(f.description)}"`}><input name="q"></form>${'<p>x</p>'.repeat(other)}</div>`,
          )
          .join('');
        const tools = extractHomepageFacts(`<html><body>${html}</body></html>`, 'https://e.example/').webMcpTools;
        const expected = forms
          .filter((f) => f.name.trim() !== '')
          .slice(0, 50)
          .map((f) => ({ name: f.name.trim().slice(0, 128), described: (f.description ?? '').trim() !== '' }));
        expect(tools).to.deep.equal(expected);
      }),
      // Shrinking pages of a hundred forms takes minutes: report the first counterexample sooner.
      { numRuns: 200, interruptAfterTimeLimit: 10_000 },
    );
  });

  it('never throws on tool forms in broken markup, and never lists more than 50 (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '<form toolname="t" tooldescription="d">',
        '<form toolname=x>',
        '</form>',
        '<form toolname',
        '<form toolname="',
        '"',
        '<',
        '>',
        '<!--',
        '-->',
        '<script>',
        '</script>',
        '<svg>',
        '<title>',
      ),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300, size: 'max' }), fc.nat(80), (pieces, extra) => {
        const facts = extractHomepageFacts('<form toolname="n"></form>'.repeat(extra) + pieces.join(''), 'https://e.example/');
        expect(facts.webMcpTools.length).to.be.at.most(50);
        expect(facts.webMcpTools.every((t) => t.name.length > 0 && t.name.length <= 128 && typeof t.described === 'boolean')).to.equal(true);
        expect(JSON.parse(JSON.stringify(facts.webMcpTools))).to.deep.equal(facts.webMcpTools);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 10_000 },
    );
  });

  it('classifies German, French and Spanish footer links by text and path', () => {
    const html = `<html lang="de"><body>
      <a href="/impressum">Impressum</a><a href="/datenschutzerklaerung">Datenschutzerklärung</a>
      <a href="/agb">AGB</a><a href="/ueber-uns">Über uns</a><a href="/kontakt">Kontakt</a>
      <a href="/fr/mentions-legales">Mentions légales</a><a href="/fr/page-12">Politique de confidentialité</a>
      <a href="/fr/cgv">Conditions générales de vente</a><a href="/fr/qui-sommes-nous">Qui sommes-nous ?</a>
      <a href="/es/aviso-legal">Aviso legal</a><a href="/es/p/3">Política de privacidad</a>
      <a href="/es/terminos">Términos y condiciones</a><a href="/es/contacto">Contáctanos</a><a href="/es/x">Quiénes somos</a>
    </body></html>`;
    const kinds = extractHomepageFacts(html, 'https://beispiel.de/').links.map((l) => l.kinds);
    expect(kinds).to.deep.equal([
      ['imprint'],
      ['privacy'],
      ['terms'],
      ['about'],
      ['contact'],
      ['imprint'],
      ['privacy'],
      ['terms'],
      ['about'],
      ['imprint'],
      ['privacy'],
      ['terms'],
      ['contact'],
      ['about'],
    ]);
  });

  it('finds an Organization subtype nested as a publisher and prefers the most complete one', () => {
    const html = `<script type="application/ld+json">[
      {"@context":"https://schema.org","@type":"WebSite","publisher":{"@type":"schema:Corporation","name":"Nested Corp","url":"https://n.example/","logo":{"@type":"ImageObject","url":"https://n.example/l.png"}}},
      {"@type":["Thing","https://schema.org/NGO"],"name":"Bare NGO"}
    ]</script>`;
    const facts = extractHomepageFacts(html, 'https://n.example/');
    expect(facts.jsonLd.organizationCount).to.equal(2);
    expect(facts.jsonLd.organization).to.deep.equal({
      type: 'Corporation',
      name: 'Nested Corp',
      url: 'https://n.example/',
      logo: 'https://n.example/l.png',
      sameAs: [],
    });
  });

  it('treats other registrable domains as other sites, private suffixes included', () => {
    const html = '<a href="https://blog.example.co.uk/">a</a><a href="https://example.com/">b</a><a href="https://other.github.io/">c</a>';
    expect(extractHomepageFacts(html, 'https://www.example.co.uk/').links.map((l) => l.sameSite)).to.deep.equal([true, false, false]);
    expect(extractHomepageFacts('<a href="https://other.github.io/">c</a>', 'https://mine.github.io/').links[0]?.sameSite).to.equal(false);
  });

  it('honours <base href> and survives a bad base URL', () => {
    expect(extractHomepageFacts('<base href="https://cdn.example/app/"><a href="privacy">p</a>', 'https://example.com/').links[0]?.href).to.equal(
      'https://cdn.example/app/privacy',
    );
    const facts = extractHomepageFacts('<a href="/relative">r</a><a href="https://abs.example/">a</a>', 'not a url');
    expect(facts.links.map((l) => [l.href, l.sameSite])).to.deep.equal([['https://abs.example/', false]]);
  });

  it('caps stored links but keeps classifying all of them', () => {
    const filler = '<a href="/p">x</a>'.repeat(600);
    const facts = extractHomepageFacts(`<html><body>${filler}<a href="/privacy">Privacy</a></body></html>`, 'https://e.example/');
    expect(facts.links).to.have.length(500);
    expect(facts.linkCount).to.equal(601);
    expect(facts.keyLinks.privacy).to.equal('https://e.example/privacy');
  });

  it('stops at the element cap, the depth cap and the size cap', () => {
    const many = extractHomepageFacts(`<html><body>${'<br>'.repeat(120_000)}<title>late</title></body></html>`, 'https://e.example/');
    expect(many).to.include({ truncated: true, title: null });
    const started = Date.now();
    const deep = extractHomepageFacts(`<html><body>${'<i>'.repeat(120_000)}<title>late</title></body></html>`, 'https://e.example/');
    expect(deep).to.include({ truncated: true, title: null });
    expect(Date.now() - started).to.be.below(1000);
    const huge = extractHomepageFacts(`<title>t</title>${' '.repeat(2 * 1024 * 1024)}<a href="/x">x</a>`, 'https://e.example/');
    expect(huge).to.include({ truncated: true, title: 't', linkCount: 0 });
  });

  it('counts JSON-LD blocks over the size cap as invalid', () => {
    const big = `{"@type":"Organization","name":"${'x'.repeat(300 * 1024)}"}`;
    const facts = extractHomepageFacts(`<script type="application/ld+json">${big}</script>`, 'https://e.example/');
    expect(facts.jsonLd).to.include({ blockCount: 1, invalidBlockCount: 1, organization: null });
  });

  it('returns empty facts for non-HTML and never throws', () => {
    const facts = extractHomepageFacts('{"json": true}', 'https://e.example/');
    expect(facts).to.include({ looksLikeHtml: false, title: null, linkCount: 0 });
    expect(JSON.parse(JSON.stringify(extractHomepageFacts(PAGE, 'https://www.acme.example/')))).to.deep.equal(
      extractHomepageFacts(PAGE, 'https://www.acme.example/'),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.string({ maxLength: 50 }), (text, base) => {
        expect(typeof extractHomepageFacts(`<html><a href="${text}">${text}</a><script type="application/ld+json">${text}</script>`, base).linkCount).to.equal(
          'number',
        );
        expect(typeof extractHomepageFacts(text, 'https://e.example/').truncated).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
