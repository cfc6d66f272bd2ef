import { CORPUS_KINDS, LEGAL_KINDS, type CorpusCase, type CorpusKind } from './real-world-corpus.js';
import {
  expectedLegalChoice,
  referenceRobotsDecision,
  referenceSitemap,
  reportJudgment,
  reportLegalChoice,
  vettedRobotsDecision,
} from './real-world-judges.js';

/** One thing the corpus expects, and what Vetted or the reference implementation answered. */
export interface Comparison {
  /** `<case id> <Vetted|reference> <aspect>`: the key of a known difference. */
  readonly key: string;
  readonly caseId: string;
  readonly kind: CorpusKind;
  readonly by: 'Vetted' | 'reference';
  readonly aspect: string;
  readonly expected: string;
  readonly got: string;
  /** The report's detail text (for Vetted), or the reference's reason. */
  readonly detail: string;
  readonly agrees: boolean;
}

function comparison(c: CorpusCase, by: Comparison['by'], aspect: string, expected: string, got: string, detail: string): Comparison {
  return { key: `${c.id} ${by} ${aspect}`, caseId: c.id, kind: c.kind, by, aspect, expected, got, detail, agrees: expected === got };
}

/**
 * Compares one case with the report of its host: the judgment of its kind (and, for home pages,
 * the three pages chosen), robots.txt path decisions by Vetted's own function and by robots-parser,
 * and sitemaps as fast-xml-parser reads them under the protocol's rules.
 */
export function compareCase(c: CorpusCase, report: any, body: string): Comparison[] {
  const out: Comparison[] = [];
  const judged = reportJudgment(report, c.kind);
  if (c.kind === 'contact_legal') {
    for (const kind of LEGAL_KINDS) {
      const expected = expectedLegalChoice(c.expected[kind]!, c.host);
      out.push(comparison(c, 'Vetted', kind, expected, reportLegalChoice(report, kind), judged.detail));
    }
    return out;
  }
  out.push(comparison(c, 'Vetted', 'judgment', c.expected.judgment!, judged.status, judged.detail));
  if (c.kind === 'robots_txt') {
    for (const d of c.expected.decisions ?? []) {
      const aspect = `${d.userAgent} ${d.path}`;
      const expected = d.allowed ? 'allowed' : 'disallowed';
      out.push(comparison(c, 'Vetted', aspect, expected, vettedRobotsDecision(body, d) ? 'allowed' : 'disallowed', 'decideRobotsAccess'));
      const reference = referenceRobotsDecision(body, c.host, d);
      out.push(
        comparison(c, 'reference', aspect, expected, reference === undefined ? 'refused' : reference ? 'allowed' : 'disallowed', 'robots-parser isAllowed'),
      );
    }
  }
  if (c.kind === 'sitemap') {
    const reading = referenceSitemap(body, c.host);
    out.push(comparison(c, 'reference', 'judgment', c.expected.judgment!, reading.judgment, reading.problem ?? 'valid'));
    const expectedOthers = [...(c.expected.otherHostUrls ?? [])].sort().join(' ') || '(none)';
    out.push(comparison(c, 'reference', 'other hosts', expectedOthers, [...reading.otherHostUrls].sort().join(' ') || '(none)', reading.problem ?? 'valid'));
  }
  return out;
}

/** Agreement per kind: cases, and items agreeing out of compared, for Vetted and the reference. */
export function agreementTable(cases: readonly CorpusCase[], comparisons: readonly Comparison[]): string {
  const rate = (list: readonly Comparison[]) => (list.length === 0 ? '-' : `${list.filter((x) => x.agrees).length}/${list.length}`);
  const lines = [`  ${'kind'.padEnd(28)}${'cases'.padStart(6)}  ${'Vetted vs expected'.padEnd(20)}reference vs expected`];
  for (const kind of CORPUS_KINDS) {
    const of = comparisons.filter((x) => x.kind === kind);
    const count = cases.filter((c) => c.kind === kind).length;
    lines.push(
      `  ${kind.padEnd(28)}${String(count).padStart(6)}  ${rate(of.filter((x) => x.by === 'Vetted')).padEnd(20)}${rate(of.filter((x) => x.by === 'reference'))}`,
    );
  }
  lines.push(
    `  ${'all'.padEnd(28)}${String(cases.length).padStart(6)}  ${rate(comparisons.filter((x) => x.by === 'Vetted')).padEnd(20)}${rate(comparisons.filter((x) => x.by === 'reference'))}`,
  );
  return lines.join('\n');
}

/** One line per disagreement, for the test's output and its failure message. */
export function describeDisagreement(x: Comparison): string {
  return `${x.caseId} [${x.by} ${x.aspect}] expected ${x.expected}, got ${x.got} — ${x.detail}`;
}
