import { expect } from 'chai';
import { DomUtils, parseDocument } from 'htmlparser2';
import { renderReportHtml } from '../../../src/adapters/http/presenters/report-html.js';
import { renderReportMarkdown } from '../../../src/adapters/http/presenters/report-markdown.js';
import { reportPage } from '../../../src/application/views/report-page.js';
import { reportContent } from '../../../src/domain/scan/report-content.js';
import { CHECK_FIXES } from '../../../src/domain/scan/fixes.js';
import { judgeReadiness } from '../../../src/domain/scan/readiness.js';
import type { CheckResult, Report } from '../../../src/domain/scan/report.js';
import { aReport } from '../../support/hostile-report.js';

const SIGNATURE = { algorithm: 'Ed25519' as const, value: 'c2ln', contentSha256: 'ab'.repeat(32), keyId: 'kid-1' };
const HSTS_INSTRUCTION = 'Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once).';
const hsts: CheckResult = {
  id: 'hsts',
  category: 'transport',
  title: 'HSTS',
  status: 'fail',
  points: 0,
  max: 6,
  detail: `Strict-Transport-Security is absent. ${HSTS_INSTRUCTION}`,
  standard: 'RFC 6797',
  evidence: [1],
};
const report: Report = aReport({ checks: [...aReport().checks, hsts] });
const page = reportPage({ report, signature: SIGNATURE }, judgeReadiness(report, new Date(Date.parse(report.scannedAt) + 3600_000)), 'https://vetted.example');

describe('the report page says what was found and what to do, each once', () => {
  it("takes the instructions out of a failed check's detail, and falls back on the methodology's fix", () => {
    const line = (id: string) => page.checks.find((l) => l.check.id === id)!;
    expect(line('hsts')).to.deep.include({ needsFix: true, found: 'Strict-Transport-Security is absent.', toDo: HSTS_INSTRUCTION });
    expect(line('robots_txt')).to.deep.include({ needsFix: true, found: 'robots.txt answered 404.', toDo: CHECK_FIXES.robots_txt!.fix });
    expect(line('tls_certificate')).to.deep.include({ needsFix: false, found: 'The chain verified.', toDo: undefined });
  });

  it('renders code spans as code in HTML, with no backtick left and no sentence twice', () => {
    const doc = parseDocument(renderReportHtml(page));
    const tables = DomUtils.findAll((e) => e.name === 'table' && (e.attribs.class ?? '').startsWith('checks'), doc.children);
    const text = tables.map((t) => DomUtils.textContent(t)).join('\n');
    expect(text).to.not.include('`');
    expect(text.split('Strict-Transport-Security is absent.')).to.have.length(2);
    expect(text.split('(each directive once)')).to.have.length(2);
    const codes = tables.flatMap((t) => DomUtils.findAll((e) => e.name === 'code', t.children)).map((c) => DomUtils.textContent(c));
    expect(codes).to.include('Strict-Transport-Security: max-age=31536000; includeSubDomains');
  });

  it('puts the failed checks before the passed ones, which are folded', () => {
    const html = renderReportHtml(page);
    const [firstFailed, firstPassed] = [html.indexOf('class="status status-fail"'), html.indexOf('class="status status-pass"')];
    expect(firstFailed).to.be.above(-1).and.below(firstPassed);
    expect(html.lastIndexOf('<details', firstPassed)).to.be.above(html.lastIndexOf('</details>', firstPassed));
  });

  it('uses the same words in Markdown, and keeps the stored detail in the JSON', () => {
    const md = renderReportMarkdown(page);
    expect(md).to.include('| Strict-Transport-Security is absent. |');
    expect(md).to.include(
      '- HSTS: Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` \\(each directive once\\). Standard: <https://www.rfc-editor.org/rfc/rfc6797>',
    );
    expect(md.split('(each directive once')).to.have.length(2);
    expect(reportContent(report).checks.find((c) => c.id === 'hsts')!.detail).to.equal(hsts.detail);
  });
});
