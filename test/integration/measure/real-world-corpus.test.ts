import { expect } from 'chai';
import { agreementTable, compareCase, describeDisagreement, type Comparison } from '../../support/real-world-compare.js';
import { caseBody, CORPUS_KINDS, loadCorpus, routeCorpus, sitemapPathFor, type CorpusCase } from '../../support/real-world-corpus.js';
import { scanSites, type ScannedSites } from '../../support/scanned-sites.js';

// The real-world corpus (test/data/real-world, README there): files that copy the structure of
// files real sites publish, each with the judgment its specification gives. Every file is served
// from a local HTTPS site at its real path (one host per case of a kind), every site is scanned
// through the service, and each stored report is compared with the expected judgment; robots.txt
// path decisions are also asked of robots-parser, and sitemaps are also read with fast-xml-parser.
// Any disagreement fails, except those below: places where the specification and a reference
// implementation differ (never a place where Vetted is wrong: those stay failures until fixed).
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {
  'robots-04-allow-root-only reference * /robots.txt': 'RFC 9309 §2.2.2: "/robots.txt" is implicitly allowed; robots-parser applies `Disallow: /` to it.',
  'robots-13-ai-bots-opt-out reference GPTBot /robots.txt': 'RFC 9309 §2.2.2: "/robots.txt" is implicitly allowed; robots-parser applies `Disallow: /` to it.',
};

describe("real-world corpus: files shaped like real sites' files, scanned and judged against their specifications", function () {
  this.timeout(60_000);
  const cases = loadCorpus();
  const now = new Date();
  const bodies = new Map(cases.map((c) => [c.id, caseBody(c, now)]));
  const comparisons: Comparison[] = [];
  let sites: ScannedSites | undefined;

  before(async () => {
    const hosts = [...new Set(cases.map((c) => c.host))].sort();
    sites = await scanSites(hosts, (site) => routeCorpus(site, cases, now), { SCAN_LIMIT_PER_DOMAIN_HOUR: '100', SCAN_LIMIT_GLOBAL_MINUTE: '1000' });
    for (const c of cases) comparisons.push(...compareCase(c, sites.reports.get(c.host), bodies.get(c.id)!));
    const open = comparisons.filter((x) => !x.agrees);
    console.log(
      [
        `  agreement with the expected judgments (items agreeing / compared), ${cases.length} cases:`,
        agreementTable(cases, comparisons),
        `  disagreements (${open.length}; known differences marked *):`,
        ...open.map((x) => `  ${KNOWN_DIFFERENCES[x.key] ? '* ' : '  '}${describeDisagreement(x)}`),
      ].join('\n'),
    );
  });
  after(async () => sites?.stop());

  it('has a real source and a file for at least 110 cases, spread over every kind', () => {
    expect(cases.length).to.be.at.least(110);
    for (const kind of CORPUS_KINDS) expect(cases.filter((c) => c.kind === kind).length, kind).to.be.at.least(5);
    // Real sites publish many malformed files; the corpus keeps a healthy share of them.
    const judged = cases.filter((c) => c.kind !== 'contact_legal');
    expect(judged.filter((c) => c.expected.judgment === 'warn').length, 'malformed files').to.be.at.least(judged.length / 4);
  });

  it('serves each sitemap where a scan looks for it: the robots.txt Sitemap line on the host, else /sitemap.xml', () => {
    const robotsOf = (host: string) => cases.find((c) => c.host === host && c.kind === 'robots_txt');
    const misplaced = cases
      .filter((c) => c.kind === 'sitemap')
      .filter((c: CorpusCase) => c.path !== sitemapPathFor(robotsOf(c.host) ? bodies.get(robotsOf(c.host)!.id) : undefined, c.host))
      .map((c) => c.id);
    expect(misplaced).to.deep.equal([]);
  });

  for (const kind of CORPUS_KINDS) {
    it(`agrees with the specification on every ${kind} case, but for the listed known differences`, () => {
      const open = comparisons.filter((x) => x.kind === kind && !x.agrees && KNOWN_DIFFERENCES[x.key] === undefined);
      expect(open.map(describeDisagreement)).to.deep.equal([]);
    });
  }

  it('lists as known differences only disagreements that still occur', () => {
    const occurring = new Set(comparisons.filter((x) => !x.agrees).map((x) => x.key));
    expect(Object.keys(KNOWN_DIFFERENCES).filter((key) => !occurring.has(key))).to.deep.equal([]);
  });
});
