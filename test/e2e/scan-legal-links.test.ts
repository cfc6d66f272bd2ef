import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import type { FixtureSite } from '../support/fixture-site.js';
import { goodSiteFiles } from '../support/good-site.js';
import { scanSites, type ScannedSites } from '../support/scanned-sites.js';

// Body paragraphs that link "privacy" before the footer's links, the two ways a real home page did:
// the word inside a sentence, and a whole sentence as the link. Both point at a FAQ, not a privacy notice.
const BODIES: Record<string, string> = {
  'word-in-sentence': '<p>Our new sign-in keys improve your <a href="/faq">privacy</a> and security on every device.</p>',
  'sentence-as-link': '<p>Passkeys are here. <a href="/faq">Our new sign-in keys improve privacy and security.</a></p>',
};
const FAQ =
  '<!DOCTYPE html><html lang="en"><head><title>FAQ - Good Company</title></head><body><h1>Questions</h1><p>How do passkeys work? They replace passwords.</p></body></html>';

const hostOf = (name: string) => `${name}.example.com`;

describe('legal pages found as a reader finds them, scanned from real local sites', function () {
  this.timeout(60_000);
  let sites: ScannedSites;

  before(async () => {
    sites = await scanSites(Object.keys(BODIES).map(hostOf), (site) => {
      for (const [name, paragraph] of Object.entries(BODIES)) serve(site, hostOf(name), paragraph);
    });
  });
  after(async () => sites?.stop());

  it("scores the footer's privacy policy of a home page whose body links 'privacy' in a sentence before it", () => {
    for (const name of Object.keys(BODIES)) {
      const report = sites.reports.get(hostOf(name));
      const check = report.checks.find((c: { id: string }) => c.id === 'contact_legal');
      const privacy = report.evidence.find((e: { probe: string }) => e.probe === 'privacy_page');
      expect(privacy, name).to.deep.include({ requested_url: `https://${hostOf(name)}/privacy`, status: 200 });
      expect(check, name).to.include({ status: 'pass', points: 6 });
      expect(check.detail, name).to.contain(`Privacy policy: the linked page (evidence ${privacy.n}) reads as a privacy notice`);
      expect(report.score, name).to.equal(100);
    }
  });

  it('never fetches the page the body sentence points at', () => {
    const faq = sites.site.requests.filter((r) => r.url.startsWith('/faq'));
    expect(faq).to.deep.equal([]);
  });
});

/** The good site, its homepage carrying `paragraph` in the body ahead of the footer, and a FAQ at /faq. */
function serve(site: FixtureSite, host: string, paragraph: string): void {
  const files = goodSiteFiles(host);
  for (const [path, file] of Object.entries(files.https)) if (path !== '/') site.route(`${host}${path}`, file);
  site.route(`${host}/faq`, { headers: { 'content-type': 'text/html; charset=utf-8' }, body: FAQ });
  const home = files.https['/']!;
  const body = home.body.replace('<footer>', `${paragraph}<footer>`);
  expect(body).to.contain(paragraph);
  site.route(`${host}/`, {
    handler: (req, res) => {
      if (!(req.socket as TLSSocket).encrypted) return void res.writeHead(301, { location: files.httpRedirect }).end();
      const markdown = req.headers.accept === 'text/markdown';
      res.writeHead(200, markdown ? files.markdownHome.headers : home.headers).end(markdown ? files.markdownHome.body : body);
    },
  });
}
