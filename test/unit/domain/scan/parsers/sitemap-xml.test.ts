import { expect } from 'chai';
import fc from 'fast-check';
import { isW3cDatetime, parseSitemap } from '../../../../../src/domain/scan/parsers/sitemap-xml.js';

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://www.example.com/</loc>
    <lastmod>2026-11-01</lastmod>
    <changefreq>weekly</changefreq>
    <priority>1.0</priority>
    <image:image><image:loc>https://cdn.example.com/hero.jpg</image:loc></image:image>
  </url>
  <url>
    <loc><![CDATA[https://www.example.com/catalog?item=12&desc=vacation_hawaii]]></loc>
    <lastmod>2026-10-28T18:30:00+01:00</lastmod>
  </url>
  <url><loc>https://www.example.com/a?x=1&amp;y=2</loc><lastmod>last tuesday</lastmod></url>
  <url><loc>/relative/path</loc></url>
</urlset>`;

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://www.example.com/sitemap-posts.xml</loc><lastmod>2026-11-20T10:00:00Z</lastmod></sitemap>
  <sitemap><loc>https://www.example.com/sitemap-pages.xml</loc></sitemap>
</sitemapindex>`;

describe('parseSitemap', () => {
  it('reads a urlset: entry locs only, CDATA and entities decoded, lastmod checked', () => {
    expect(parseSitemap(URLSET)).to.deep.equal({
      valid: true,
      kind: 'urlset',
      rootElement: 'urlset',
      namespace: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      locCount: 4,
      sampleLocs: ['https://www.example.com/', 'https://www.example.com/catalog?item=12&desc=vacation_hawaii', 'https://www.example.com/a?x=1&y=2'],
      invalidLocCount: 1,
      otherHostLocCount: 0,
      otherHosts: [],
      moreOtherHosts: false,
      lastmodCount: 3,
      invalidLastmodCount: 1,
      errors: [],
      warnings: ['INVALID_LOCS', 'INVALID_LASTMODS'],
    });
  });

  it('wants the sitemaps.org namespace exactly, on the root or its prefix', () => {
    const body = '<url><loc>https://example.com/</loc></url>';
    for (const ns of [
      'https://www.sitemaps.org/schemas/sitemap/0.9',
      'http://sitemaps.org/schemas/sitemap/0.9',
      'http://www.google.com/schemas/sitemap/0.84',
    ]) {
      const sitemap = parseSitemap(`<urlset xmlns="${ns}">${body}</urlset>`);
      expect(sitemap, ns).to.include({ valid: false, namespace: ns });
      expect(sitemap.errors).to.deep.equal(['WRONG_NAMESPACE']);
    }
    expect(parseSitemap(`<urlset>${body}</urlset>`).errors).to.deep.equal(['WRONG_NAMESPACE']);
    expect(parseSitemap(`<sm:urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:sm="urn:other">${body}</sm:urlset>`).errors).to.deep.equal([
      'WRONG_NAMESPACE',
    ]);
    expect(parseSitemap(`\ufeff<?xml version="1.0"?>\r\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`).valid).to.equal(true);
  });

  it("counts and names the URLs on other hosts than the sitemap's own", () => {
    const locs = [
      'https://example.com/a',
      'https://EXAMPLE.com/b',
      'https://www.example.com/c',
      'https://cdn.example.net/d',
      'https://www.example.com/e',
      'https://x.example/',
      'https://y.example/',
    ];
    const sitemap = parseSitemap(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
      'example.com',
    );
    expect(sitemap).to.include({ valid: true, otherHostLocCount: 5, moreOtherHosts: true });
    expect(sitemap.otherHosts).to.deep.equal(['www.example.com', 'cdn.example.net', 'x.example']);
    expect(sitemap.warnings).to.deep.equal(['OTHER_HOSTS']);
    expect(parseSitemap(INDEX, 'www.example.com').warnings).to.deep.equal([]);
  });

  it('reads a sitemap index', () => {
    const sitemap = parseSitemap(INDEX);
    expect(sitemap).to.include({ valid: true, kind: 'sitemapindex', locCount: 2, lastmodCount: 1, invalidLastmodCount: 0 });
    expect(sitemap.sampleLocs).to.deep.equal(['https://www.example.com/sitemap-posts.xml', 'https://www.example.com/sitemap-pages.xml']);
  });

  it('accepts a namespace prefix on the root and keeps only SAMPLE_LOCS samples', () => {
    const entries = Array.from({ length: 30 }, (_, i) => `<sm:url><sm:loc>https://example.com/p${i}</sm:loc></sm:url>`).join('');
    const sitemap = parseSitemap(`<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sm:urlset>`);
    expect(sitemap).to.include({ valid: true, kind: 'urlset', locCount: 30 });
    expect(sitemap.sampleLocs).to.have.length(20);
  });

  it('reads a plain-text sitemap', () => {
    const sitemap = parseSitemap('https://example.com/\r\nhttps://example.com/about\n\nhttps://example.com/contact\n');
    expect(sitemap).to.include({ valid: true, kind: 'text', rootElement: null, locCount: 3, invalidLocCount: 0 });
  });

  it('refuses text that is not a URL list', () => {
    expect(parseSitemap('Hello!\nThis is not a sitemap.\nhttps://example.com/').errors).to.deep.equal(['NOT_A_SITEMAP']);
    expect(parseSitemap('\u001f\u008b\u0008binary-gzip').errors).to.deep.equal(['NOT_A_SITEMAP']);
  });

  it('reports empty input, HTML pages, wrong roots and missing locs', () => {
    expect(parseSitemap('  \n ').errors).to.deep.equal(['EMPTY']);
    expect(parseSitemap('<!doctype html><html><body>Page not found</body></html>')).to.include({ valid: false, kind: null });
    expect(parseSitemap('<!doctype html><html><body>x</body></html>').errors).to.deep.equal(['HTML']);
    const rss = parseSitemap('<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://e.com/</link></item></channel></rss>');
    expect(rss).to.include({ valid: false, rootElement: 'rss' });
    expect(rss.errors).to.deep.equal(['WRONG_ROOT']);
    expect(parseSitemap('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>').errors).to.deep.equal(['NO_LOCS']);
  });

  it('rejects XML that is not well-formed, as crawlers do, but still counts what it read', () => {
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    for (const broken of [
      `<urlset ${ns}><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/b`,
      `<urlset ${ns}><loc>https://example.com/a</loc></url><url><loc>https://example.com/b</loc></url></urlset>`,
      `<urlset ${ns}><url><loc>https://example.com/a</url></loc></urlset>`,
    ]) {
      const sitemap = parseSitemap(broken);
      expect(sitemap, broken).to.include({ valid: false, kind: 'urlset' });
      expect(sitemap.errors).to.deep.equal(['NOT_WELL_FORMED']);
    }
  });

  it('reads a file cut at the fetch limit as truncated, not as broken', () => {
    const cut = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url><url><lo';
    expect(parseSitemap(cut, 'example.com', true)).to.include({ valid: true, kind: 'urlset' });
    expect(parseSitemap(cut, 'example.com', true).warnings).to.deep.equal(['TRUNCATED']);
  });

  it('wants at least one absolute URL on its own host', () => {
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    const of = (...locs: string[]) => `<urlset ${ns}>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
    expect(parseSitemap(of('//localhost:1313/a', '/b'), 'example.com').errors).to.deep.equal(['NO_ABSOLUTE_LOCS']);
    expect(parseSitemap(of('https://www.example.com/a', '/b'), 'example.com').errors).to.deep.equal(['ONLY_OTHER_HOSTS']);
    expect(parseSitemap(of('https://www.example.com/a'), 'www.example.com').errors).to.deep.equal([]);
    expect(parseSitemap('https://www.example.com/a\nhttps://www.example.com/b\n', 'example.com').errors).to.deep.equal(['ONLY_OTHER_HOSTS']);
  });

  it('stops at the element cap and says so', () => {
    const many = '<url><loc>https://e.co/</loc></url>'.repeat(210_000);
    const sitemap = parseSitemap(`<urlset>${many}</urlset>`);
    expect(sitemap.warnings).to.include('TRUNCATED');
    expect(sitemap.warnings).to.include('OVER_URL_LIMIT');
    expect(sitemap.locCount).to.be.within(199_000, 200_000);
  });

  it('stops at absurd nesting without slowing down', () => {
    const started = Date.now();
    const sitemap = parseSitemap(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.co/</loc></url>${'<x>'.repeat(200_000)}</urlset>`,
    );
    expect(sitemap).to.include({ valid: true, locCount: 1 });
    expect(sitemap.warnings).to.deep.equal(['TRUNCATED']);
    expect(Date.now() - started).to.be.below(1000);
  });

  it('returns a JSON-serializable value and never throws', () => {
    const sitemap = parseSitemap(URLSET);
    expect(JSON.parse(JSON.stringify(sitemap))).to.deep.equal(sitemap);
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        expect(typeof parseSitemap(`<urlset>${text}`).valid).to.equal('boolean');
        expect(typeof parseSitemap(text).valid).to.equal('boolean');
      }),
      { numRuns: 200 },
    );
  });
});

describe('isW3cDatetime', () => {
  it('accepts the W3C Datetime profiles and rejects the rest', () => {
    for (const ok of ['2026', '2026-11', '2026-11-22', '2026-11-22T10:30Z', '2026-11-22T10:30:15+01:00', '2026-11-22T10:30:15.123Z']) {
      expect(isW3cDatetime(ok), ok).to.equal(true);
    }
    for (const bad of ['2026-13-01', '2026-11-22T10:30', '22/11/2026', '2026-11-22 10:30:00Z', '2026-11-22T25:00Z', '']) {
      expect(isW3cDatetime(bad), bad).to.equal(false);
    }
  });
});
