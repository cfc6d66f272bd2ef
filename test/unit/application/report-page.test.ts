import { expect } from 'chai';
import { renderReportHtml } from '../../../src/adapters/http/presenters/report-html.js';
import { renderReportMarkdown } from '../../../src/adapters/http/presenters/report-markdown.js';
import { reportPage } from '../../../src/application/views/report-page.js';
import { DECLARATION_SETS } from '../../../src/domain/scan/declaration-sets.js';
import { CHECK_FIXES } from '../../../src/domain/scan/fixes.js';
import { CORE_CHECKS, DECLARATIONS } from '../../../src/domain/scan/methodology.js';
import { judgeReadiness } from '../../../src/domain/scan/readiness.js';
import type { Report } from '../../../src/domain/scan/report.js';
import { anEvidenceItem, aReport } from '../../support/hostile-report.js';

const BASE = 'https://vetted.example';
const SIGNATURE = { algorithm: 'Ed25519' as const, value: 'c2ln', contentSha256: 'ab'.repeat(32), keyId: 'kid-1' };
const pageOf = (report: Report, hoursLater = 1) =>
  reportPage({ report, signature: SIGNATURE }, judgeReadiness(report, new Date(Date.parse(report.scannedAt) + hoursLater * 3600_000)), BASE);

// HTTPS down: every probe failed to connect, the plain-HTTP one included.
const unreachable = aReport({
  reachable: false,
  httpsValid: false,
  score: 0,
  scope: { origin: 'https://example.com', paths: ['/', '/robots.txt', 'http:/'], notCovered: [] },
  evidence: ['/', '/robots.txt', '/sitemap.xml'].map((path, i) =>
    anEvidenceItem({
      n: i + 1,
      requestedUrl: `https://example.com${path}`,
      finalUrl: null,
      status: null,
      certificate: null,
      headers: {},
      untrustedExcerpt: '',
      error: { code: 'CONNECT_FAILED', message: 'connect ECONNREFUSED' },
    }),
  ),
});

describe('the report page model', () => {
  it('knows how to fix every check and declaration of the methodology', () => {
    for (const { id } of [...CORE_CHECKS, ...DECLARATIONS]) {
      expect(CHECK_FIXES[id], id).to.not.equal(undefined);
      expect(CHECK_FIXES[id]!.standardUrl, id).to.match(/^https:\/\//);
    }
  });

  it('gives a fix to failed and warned checks only, with the domain put in', () => {
    const page = pageOf(aReport());
    expect(page.checks.filter((line) => line.fix).map((line) => line.check.id)).to.deep.equal(['robots_txt']);
    expect(page.checks.find((line) => line.check.id === 'robots_txt')!.fix!.fix).to.include('/robots.txt');
    expect(
      page.declarations.every((line) => line.fix === undefined),
      'an absent declaration is not a failure',
    ).to.equal(true);
  });

  it('names the declaration set a report looked for, told from its list when the report did not store it', () => {
    expect(pageOf(aReport({ declarationSet: '2026-11-23' })).declarationSet).to.equal('2026-11-23');
    expect(pageOf(aReport({ declarations: DECLARATION_SETS.at(-1)!.ids.map((id) => ({ ...aReport().declarations[0]!, id })) })).declarationSet).to.equal(
      '2026-09-05',
    );
    expect(pageOf(aReport()).declarationSet).to.equal(null);
  });

  it('collapses fetches that failed the same way into one entry, and prints the plain-HTTP path as a URL', () => {
    const page = pageOf(unreachable);
    expect(page.evidence).to.have.length(1);
    expect(page.evidence[0]).to.deep.include({ kind: 'repeated', code: 'CONNECT_FAILED' });
    expect(page.scopePaths).to.deep.equal(['/', '/robots.txt', 'http://example.com/']);
    expect(page.methodologyUrl).to.equal(`${BASE}/methodology.md`);
  });

  it('reads the scope of an older report, whose plain-HTTP probe was stored as http:/, and passes whole URLs through', () => {
    const page = pageOf(
      aReport({
        scope: { origin: 'https://example.com', paths: ['http://example.com/', '/', 'https://www.example.com/contact', 'http:/old'], notCovered: [] },
      }),
    );
    expect(page.scopePaths).to.deep.equal(['http://example.com/', '/', 'https://www.example.com/contact', 'http://example.com/old']);
  });

  it('says a site no probe reached was not judged, with no score and nothing to fix, in HTML and Markdown alike', () => {
    const reason = 'connection refused on 443 and 80';
    const finding = {
      id: 'site_reachable',
      category: 'transport',
      title: 'Site reachable',
      status: 'error' as const,
      points: 0,
      max: 0,
      detail: `The site could not be reached: ${reason}. No check was judged and no score given; a scan once the site answers judges it.`,
      standard: 'RFC 9110 (HTTP semantics)',
      evidence: [1, 2, 3],
    };
    const gone = { ...unreachable, checks: [finding], declarations: [], unreachable: reason };
    const page = pageOf(gone);
    expect(page).to.include({ score: null, unreachable: reason });
    expect(page.readiness).to.deep.include({ value: 'unknown', score: null, reasons: [`the site could not be reached: ${reason}`] });
    expect(page.checks.every((line) => line.toDo === undefined && line.fix === undefined)).to.equal(true);
    const html = renderReportHtml(page);
    const markdown = renderReportMarkdown(page);
    expect(html).to.include('<dt>Score</dt><dd>not judged: the site could not be reached</dd>');
    expect(html).to.include(`<h2>Not judged</h2>\n<p>The site could not be reached: ${reason}. No check was judged`);
    expect(html).to.not.include('to fix</h2>').and.not.include('/100');
    expect(markdown).to.include('- Score: not judged: the site could not be reached\n');
    expect(markdown).to.include(`The site could not be reached: ${reason}. No check was judged`);
    expect(markdown).to.include('| error | 0/0 | Site reachable |');
    expect(markdown).to.include('Not looked for: the site could not be reached.');
    expect(markdown).to.not.include('How to fix').and.not.include('/100');
  });

  it('puts readiness and its reasons before the score, in HTML and Markdown alike', () => {
    const html = renderReportHtml(pageOf(unreachable));
    const markdown = renderReportMarkdown(pageOf(unreachable));
    expect(html).to.include('CONNECT_FAILED</code> × 3');
    expect(markdown).to.include('CONNECT\\_FAILED × 3');
    for (const text of [html, markdown]) {
      const verdict = text.search(/unknown|UNKNOWN/);
      expect(verdict).to.be.above(-1);
      expect(verdict).to.be.below(text.indexOf('Score'));
      expect(text).to.include('the site could not be reached');
      expect(text).to.not.include('http:/<').and.not.include('`http:/`');
    }
    const md = renderReportMarkdown(pageOf(aReport(), 24 * 10));
    expect(md).to.match(/\*\*Readiness: (LIMITED|UNKNOWN)\*\*/);
    expect(md).to.include('- robots.txt parseable: Publish /robots.txt');
    expect(md).to.include(`described at <${BASE}/methodology.md>`);
  });
});
