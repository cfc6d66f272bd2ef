import { CURRENT_DECLARATION_SET, DECLARATION_SETS } from './declaration-sets.js';
import { METHODOLOGY_REVISIONS } from './methodology-history.js';
import { CORE_CHECKS, DECLARATIONS, METHODOLOGY_VERSION, NOT_COVERED } from './methodology.js';
import { REACHABILITY_FINDING_ID } from './judge/reachability.js';
import { CORS_PROBE_ORIGIN } from './probes.js';
import { READINESS_THRESHOLDS } from './readiness.js';

const DAY = 86_400;

/** /methodology.md, generated from the same tables the scanner judges with. */
export function methodologyMarkdown(): string {
  const total = CORE_CHECKS.reduce((sum, c) => sum + c.max, 0);
  const lines = [
    `# Vetted scan methodology ${METHODOLOGY_VERSION}`,
    '',
    'A scan is made only on explicit request. It fetches the public resources listed below from the',
    'site over HTTPS (and the homepage over plain HTTP), then the privacy, terms and contact pages the',
    'homepage links on its own host, judges them with the checks in this document,',
    'and stores a dated report whose every verdict links to its evidence. Every report carries the',
    'version of this methodology; a stored result is reused only under the same version.',
    '',
    `## Core checks (scored, ${total} points in all)`,
    '',
    '| Check | Category | Points | Standard | How the points are earned |',
    '|---|---|---|---|---|',
    ...CORE_CHECKS.map((c) => `| \`${c.id}\` ${c.title} | ${c.category} | ${c.max} | ${c.standard} | ${c.rule} |`),
    '',
    '### A site that cannot be reached',
    '',
    'When every probe fails before any HTTP answer, because the name does not resolve, or each',
    'connection is refused, not made or unanswered in time, nothing is judged. The report then',
    `holds one finding, \`${REACHABILITY_FINDING_ID}\` (status \`error\`, no points), naming why: "the name does`,
    'not resolve", or each way of failing with its ports ("connection refused on 443 and 80"). It has',
    'no declarations and no score: `score` is null in the JSON, and the pages say "not judged". Its',
    'readiness is `unknown`, its reason the same words; the failures are kept as evidence. A site',
    'that answers anything, or fails some other way (a TLS error, an address that is not public), is',
    'judged by the checks above, and one whose homepage does not answer is `unknown` all the same.',
    '',
    '### How the weights are set',
    '',
    `| Category | Points |`,
    '|---|---|',
    ...categoryTotals().map(([category, points]) => `| ${category} | ${points} |`),
    '',
    'Reaching the site over HTTPS with a valid certificate comes first: without it nothing else can be',
    'trusted. Web security is weighted so that each weakness a browser would let an attacker use',
    'costs visibly: a Content Security Policy that lets injected script run loses 6 points, session',
    'cookies scripts can read lose 6, third-party script without integrity loses 3, so such a site',
    'cannot score like a well-configured one. Crawlability, identity',
    'and security.txt say whether people and agents can find, name and reach the operator. Each',
    'check names the header, file or record that would fix it.',
    '',
    '## Optional declarations (recorded, never scored)',
    '',
    'Their absence is `info`, never a failure, and they never lower the core score.',
    '',
    '| Declaration | Standard | Verdicts |',
    '|---|---|---|',
    ...DECLARATIONS.map((d) => `| \`${d.id}\` ${d.title} | ${d.standard} | ${d.rule} |`),
    '',
    '### Declaration sets',
    '',
    'Each report records the set of declarations it looked for (`declaration_set`; reports made',
    'before 2026-11-25 do not store it, and their set is the one whose members they list). A',
    "declaration outside a report's set was not looked for, which is not the same as absent;",
    'comparisons say `not_looked_for`.',
    '',
    '| Set | Declarations looked for |',
    '|---|---|',
    ...DECLARATION_SETS.map((set) => `| ${set.id}${set === CURRENT_DECLARATION_SET ? ' (current)' : ''} | ${set.ids.map((id) => `\`${id}\``).join(', ')} |`),
    '',
    '## Readiness',
    '',
    '| Value | When |',
    '|---|---|',
    `| \`unknown\` | no report, the site could not be reached (no score when no probe reached it), or the latest report is expired |`,
    `| \`ready\` | core score ≥ ${READINESS_THRESHOLDS.readyScore}, HTTPS with a valid certificate, a fresh report, the current methodology |`,
    '| `limited` | any other stored report |',
    '',
    '| Freshness | Age of the latest report |',
    '|---|---|',
    `| \`fresh\` | under ${READINESS_THRESHOLDS.freshSeconds / DAY} days |`,
    `| \`stale\` | from ${READINESS_THRESHOLDS.freshSeconds / DAY} days to under ${READINESS_THRESHOLDS.staleSeconds / DAY} days |`,
    `| \`expired\` | ${READINESS_THRESHOLDS.staleSeconds / DAY} days and older |`,
    '',
    'Readiness describes what the stored observation showed at its scan time. It does not prove that',
    "a task will complete, says nothing of the business's quality, and does not promise the site will",
    'be available later.',
    '',
    '## Revisions',
    '',
    'A report keeps the version it was judged under. Readiness from a report of an earlier version',
    'is at best `limited` and says so; a rescan gives the current view. Reuse never crosses versions.',
    '',
    ...revisionsMarkdown(),
    '## What a scan does not cover',
    '',
    ...NOT_COVERED.map((item) => `- ${item}`),
    '',
    '## Fetching',
    '',
    'Only public addresses are contacted; each redirect (at most 5, http and https only) is checked',
    'again. Limits: 5 s to connect, 10 s per resource, 20 s for the whole scan; 1 MiB for the',
    'homepage and 256 KiB for other resources, counted after decompression. GET only. The homepage',
    `is asked once more with \`Origin: ${CORS_PROBE_ORIGIN}\`,`,
    'a reserved name no site can trust, for the `cross_origin` check. Content fetched from a site is',
    'stored only as bounded excerpts, marked untrusted.',
    '',
  ];
  return lines.join('\n');
}

/** Points per category, in the order the checks are listed. */
function categoryTotals(): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const c of CORE_CHECKS) totals.set(c.category, (totals.get(c.category) ?? 0) + c.max);
  return [...totals];
}

/** Each revision as a heading and its changes, newest first; shared with /changelog.md. */
export function revisionsMarkdown(level = '###'): string[] {
  return METHODOLOGY_REVISIONS.flatMap((r) => [`${level} ${r.version} (from ${r.published})`, '', ...r.changes.map((c) => `- ${c}`), '']);
}
