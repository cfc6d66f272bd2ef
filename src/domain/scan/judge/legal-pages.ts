import type { HomepageFacts } from '../parsers/html-homepage.js';
import { judgeLegalPage, readLegalPage, type LegalPageKind } from '../parsers/legal-page.js';
import { chooseLink } from '../parsers/link-choice.js';
import type { LinkKind } from '../parsers/link-classification.js';
import type { ProbeId, ProbeResponse } from '../probes.js';
import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, failureWords, type ScanObservations } from './observations.js';

/** Where the contact and legal check reads one of its three pages from. */
export type LegalPageSource =
  | { readonly kind: LegalPageKind; readonly from: 'none' }
  /** The homepage itself links an e-mail address: the contact is right there. */
  | { readonly kind: LegalPageKind; readonly from: 'homepage_mail' }
  /** The link points back to the homepage (an anchor on it): its own text is judged. */
  | { readonly kind: LegalPageKind; readonly from: 'homepage'; readonly url: string }
  /** Another host: not fetched, so only the link is known. */
  | { readonly kind: LegalPageKind; readonly from: 'other_host'; readonly url: string }
  | { readonly kind: LegalPageKind; readonly from: 'probe'; readonly url: string; readonly probe: ProbeId };

const LEGAL_PAGE_PROBES: Readonly<Record<LegalPageKind, ProbeId>> = { privacy: 'privacy_page', terms: 'terms_page', contact: 'contact_page' };
const KINDS: readonly LegalPageKind[] = ['privacy', 'terms', 'contact'];
const LABEL: Readonly<Record<LegalPageKind, string>> = { privacy: 'Privacy policy', terms: 'Terms', contact: 'Contact or legal notice' };
const POINTS_READ = 2;
// A link Vetted could not follow proves less than a page it read, but more than nothing.
const POINTS_LINK_ONLY = 1;

/**
 * The privacy, terms and contact pages a homepage links, and where each is read from. Each page is
 * the web link a reader takes for it (chooseLink: never one whose text is a sentence, links whose
 * own text names the page and links in a footer or navigation before links in running text), a
 * link on the homepage's own host preferred among equals. Pages on the homepage's own host are
 * fetched (at most three, one per kind); a contact `mailto:` link on the homepage needs no fetch;
 * links to other hosts are never followed. The probe runner fetches what this names and the check
 * judges what it fetched, so both agree by construction.
 */
export function legalPageSources(homepage: ProbeResponse, facts: HomepageFacts): LegalPageSource[] {
  const webLinks = facts.links.filter((l) => l.href.startsWith('http:') || l.href.startsWith('https:'));
  return KINDS.map((kind): LegalPageSource => {
    const kinds: LinkKind[] = kind === 'contact' ? ['contact', 'imprint'] : [kind];
    if (kind === 'contact' && facts.links.some((l) => l.kinds.includes('contact') && l.href.startsWith('mailto:'))) return { kind, from: 'homepage_mail' };
    const chosen = chooseLink(webLinks, kinds, (l) => onHostOf(homepage.finalUrl, l.href))?.href;
    if (chosen === undefined) return { kind, from: 'none' };
    if (!onHostOf(homepage.finalUrl, chosen)) return { kind, from: 'other_host', url: chosen };
    if (withoutHash(chosen) === withoutHash(homepage.finalUrl)) return { kind, from: 'homepage', url: chosen };
    return { kind, from: 'probe', url: withoutHash(chosen), probe: LEGAL_PAGE_PROBES[kind] };
  });
}

/**
 * Contact and legal pages: 2 points each for a privacy notice, terms, and a contact page or legal
 * notice whose fetched content reads as one (or an e-mail link on the homepage); 1 point for a link
 * that could not be read (another host, a page that redirects to another host, or the fetch
 * failed); 0 for no link, a 4xx answer or a page that does not read as what its link promised.
 */
export function contactLegalCheck(obs: ScanObservations, homepage: ProbeResponse, facts: HomepageFacts, homeEvidence: number[]): CheckResult {
  const judged = legalPageSources(homepage, facts).map((source) => judgeSource(obs, homepage, source));
  const points = judged.reduce((sum, j) => sum + j.points, 0);
  const status = points === POINTS_READ * KINDS.length ? 'pass' : points > 0 ? 'warn' : 'fail';
  const pages = judged.flatMap((j) => j.evidence);
  return coreCheck('contact_legal', status, points, judged.map((j) => j.line).join(' '), [...homeEvidence, ...evidenceOf(obs, ...pages)]);
}

interface Judged {
  readonly points: number;
  readonly line: string;
  readonly evidence: ProbeId[];
}

function judgeSource(obs: ScanObservations, homepage: ProbeResponse, source: LegalPageSource): Judged {
  const label = LABEL[source.kind];
  switch (source.from) {
    case 'none':
      return { points: 0, line: `${label}: no homepage link.`, evidence: [] };
    case 'homepage_mail':
      return { points: POINTS_READ, line: `${label}: the homepage links an e-mail address.`, evidence: [] };
    case 'other_host':
      return { points: POINTS_LINK_ONLY, line: `${label}: linked on another host, which a scan does not fetch.`, evidence: [] };
    case 'homepage': {
      const verdict = judgeLegalPage(source.kind, readLegalPage(homepage.bodyText));
      return { points: verdict.reads ? POINTS_READ : 0, line: `${label}: the homepage, which the link points back to, ${verdict.reason}.`, evidence: [] };
    }
    case 'probe':
      return judgeFetched(obs, homepage, label, source);
  }
}

function judgeFetched(obs: ScanObservations, homepage: ProbeResponse, label: string, source: LegalPageSource & { from: 'probe' }): Judged {
  const probe = source.probe;
  const result = obs.probes[probe]?.result;
  const n = obs.probes[probe]?.n;
  // Details never quote the site: the page is named by its evidence number, where its URL is kept.
  const where = n === undefined ? 'the linked page' : `the linked page (evidence ${n})`;
  if (!result) return { points: POINTS_LINK_ONLY, line: `${label}: ${where} was not fetched.`, evidence: [] };
  if (!result.ok) return { points: POINTS_LINK_ONLY, line: `${label}: ${where} could not be fetched (${failureWords(result.code)}).`, evidence: [probe] };
  // The fetcher follows redirects anywhere public; a page that ends on another host is not the
  // site's own, so it counts as a link there.
  if (!onHostOf(homepage.finalUrl, result.finalUrl)) {
    return { points: POINTS_LINK_ONLY, line: `${label}: ${where} redirected to another host, which a scan does not judge.`, evidence: [probe] };
  }
  if (result.status >= 500) return { points: POINTS_LINK_ONLY, line: `${label}: ${where} answered HTTP ${result.status}.`, evidence: [probe] };
  if (result.status < 200 || result.status >= 300) return { points: 0, line: `${label}: ${where} answered HTTP ${result.status}.`, evidence: [probe] };
  const verdict = judgeLegalPage(source.kind, readLegalPage(result.bodyText));
  return { points: verdict.reads ? POINTS_READ : 0, line: `${label}: ${where} ${verdict.reason}.`, evidence: [probe] };
}

/** Whether `href` is an http(s) URL on the host of `home`: what links are followed to, and where a fetched page must end. */
function onHostOf(home: string, href: string): boolean {
  const url = safeUrl(href);
  const homeUrl = safeUrl(home);
  return url !== null && homeUrl !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.host === homeUrl.host;
}

function withoutHash(href: string): string {
  const url = safeUrl(href);
  if (url === null) return href;
  url.hash = '';
  return url.href;
}

function safeUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}
