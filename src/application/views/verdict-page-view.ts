import type { TrustView } from './trust-schema.js';

/** How a verdict reads at a glance: the colour of its sentence. */
export type VerdictTone = 'good' | 'caution' | 'bad' | 'neutral';

/** One signal of the trust score as a person reads it: its points and, in words, why. */
export interface SignalLine {
  readonly name: string;
  readonly title: string;
  readonly score: number;
  readonly max: number;
  readonly words: string;
}

/**
 * The verdict page of a domain (`GET /verify/{domain}` as HTML, `/domains/{domain}`): the trust
 * answer of `signals=true` put in sentences, with nothing judged here that the answer does not say.
 * Every sentence is built from the answer's fields, so the page and the JSON never disagree.
 */
export interface VerdictPageView {
  readonly domain: string;
  readonly sentence: string;
  readonly tone: VerdictTone;
  readonly entity: { readonly id: string; readonly name: string; readonly level: string; readonly type: string; readonly verifiedAt: string; readonly expiresAt: string } | null;
  readonly score: number;
  readonly level: string;
  readonly signals: readonly SignalLine[];
  readonly guidance: { readonly action: string; readonly allows: string; readonly maxUsd: number; readonly requiresHuman: boolean; readonly reason: string | undefined };
  readonly lookalike: { readonly of: string; readonly brand: string | null; readonly words: string; readonly ownership: string | undefined } | null;
  readonly readiness: { readonly value: string; readonly reasons: readonly string[]; readonly scannedAt: string | null; readonly reportUrl: string | null; readonly note: string } | null;
  readonly links: { readonly json: string; readonly signals: string; readonly history: string; readonly badge: string; readonly page: string };
}

const TITLES: Readonly<Record<string, string>> = { registry: 'Registry', brand: 'Brand', domain_age: 'Domain age', ssl: 'TLS certificate', external: 'Reputation checks' };
const ACTION_WORDS: Readonly<Record<string, string>> = {
  payment: 'payments',
  data_sharing: 'sharing data',
  api_call: 'API calls',
};

/** The page URL of a domain's verdict: the stable address the JSON answers link to as `links.page`. */
export function verdictPageUrl(baseUrl: string, domain: string): string {
  return `${baseUrl}/domains/${encodeURIComponent(domain)}`;
}

/** The verdict page's view of a trust answer (`trustView`), expired verifications included. */
export function verdictPageView(view: TrustView, baseUrl: string): VerdictPageView {
  const answer = view.answer;
  const domain = answer.domain;
  const path = encodeURIComponent(domain);
  const guidance = answer.agent_guidance;
  const brand = answer.signals?.brand;
  const allowed = guidance.safe_actions.map((a) => ACTION_WORDS[a] ?? a);
  return {
    domain,
    ...verdictSentence(view),
    entity: answer.entity ? { id: answer.entity.id, name: answer.entity.name, level: answer.entity.level, type: answer.entity.type, verifiedAt: answer.entity.verified_at, expiresAt: answer.entity.expires_at } : null,
    score: answer.trust_score,
    level: answer.trust_level,
    signals: Object.entries(answer.signals ?? {}).map(([name, signal]) => ({ name, title: TITLES[name] ?? name, score: signal.score, max: signal.max, words: signalWords(name, signal as Record<string, unknown>) })),
    guidance: {
      action: guidance.action,
      allows: allowed.length === 0 ? 'Nothing is safe to do automatically.' : `Safe to do automatically: ${allowed.join(', ')}${guidance.max_transaction_usd > 0 ? `, up to ${guidance.max_transaction_usd} USD a transaction` : ''}.`,
      maxUsd: guidance.max_transaction_usd,
      requiresHuman: guidance.requires_human,
      reason: guidance.reason,
    },
    lookalike: brand?.lookalike_of
      ? {
          of: brand.lookalike_of,
          brand: brand.lookalike_brand,
          words: brand.reason ?? '',
          ownership: brand.ownership?.status === 'not_checked' ? brand.ownership.reason : brand.ownership?.status === 'not_owned' ? `Checked at ${brand.ownership.checked_at}: no evidence that the brand owns this name.` : undefined,
        }
      : null,
    readiness: answer.readiness
      ? { value: answer.readiness.value, reasons: answer.readiness.reasons, scannedAt: answer.readiness.scanned_at, reportUrl: answer.readiness.evidence_urls?.report ?? null, note: answer.readiness.note }
      : null,
    links: {
      json: `${baseUrl}/verify/${path}`,
      signals: `${baseUrl}/verify/${path}?signals=true`,
      history: `${baseUrl}/reports?domain=${path}`,
      badge: `${baseUrl}/badge/${path}.svg`,
      page: verdictPageUrl(baseUrl, domain),
    },
  };
}

function verdictSentence(view: TrustView): { sentence: string; tone: VerdictTone } {
  const a = view.answer;
  if (a.blocked) return { sentence: `${a.domain} is blocked by this registry's operator: ${a.agent_guidance.reason ?? 'no reason given'}.`, tone: 'bad' };
  if (view.kind === 'expired') return { sentence: view.error.message, tone: 'caution' };
  if (a.verified && a.entity) return { sentence: `${a.domain} is verified: it belongs to ${a.entity.name} (${a.entity.type}, level ${a.entity.level}), a registered entity, until ${a.entity.expires_at.slice(0, 10)}.`, tone: 'good' };
  const brand = a.signals?.brand;
  if (brand?.lookalike_of) return { sentence: `${a.domain} is not verified, and it looks like ${brand.lookalike_of}${brand.lookalike_brand && brand.lookalike_brand !== brand.lookalike_of ? ` (a domain of ${brand.lookalike_brand})` : ''}.`, tone: 'bad' };
  if (brand?.known_brand) return { sentence: `${a.domain} is not a registered entity, but it is a domain of a known brand${brand.owned_by ? ` (${brand.owned_by})` : ''}.`, tone: 'neutral' };
  return { sentence: `${a.domain} is not verified: no registered entity vouches for it.`, tone: a.trust_level === 'NONE' || a.trust_level === 'LOW' ? 'caution' : 'neutral' };
}

/** What a signal found, in words: its own reason when the answer gives one, else its fields read aloud. */
function signalWords(name: string, s: Record<string, unknown>): string {
  if (typeof s.reason === 'string') return s.reason;
  switch (name) {
    case 'registry':
      return s.verified ? `A registered entity vouches for the name (level ${String(s.level)}).` : 'No registered entity vouches for the name.';
    case 'brand':
      if (typeof s.lookalike_of === 'string') return `Looks like ${s.lookalike_of}${typeof s.lookalike_brand === 'string' && s.lookalike_brand !== s.lookalike_of ? `, a domain of ${s.lookalike_brand}` : ''}, and no evidence shows the brand owns it.`;
      if (s.known_brand) return `A domain of a known brand${typeof s.owned_by === 'string' ? `, ${s.owned_by}` : ''}.`;
      return 'Not a known brand, and not like one.';
    case 'domain_age':
      return typeof s.years === 'number' ? `Registered ${s.years} full year${s.years === 1 ? '' : 's'} ago.` : 'Registration date not known.';
    case 'ssl':
      return s.valid ? `A valid certificate${typeof s.days_to_expiry === 'number' ? `, ${s.days_to_expiry} days before it expires` : ''}.` : 'No valid certificate.';
    default:
      return externalWords(s.checks as Record<string, Record<string, unknown>> | null | undefined);
  }
}

function externalWords(checks: Record<string, Record<string, unknown>> | null | undefined): string {
  if (!checks) return 'Not looked at: ask with external=true to look now.';
  const parts: string[] = [];
  const lists = checks.blocklists;
  if (lists) parts.push(typeof lists.error === 'string' ? `blocklists not answered (${lists.error})` : lists.listed ? `listed on ${(lists.listed_on as string[]).join(', ')}` : 'on no DNS blocklist');
  for (const [key, label] of [['spf', 'SPF'], ['dmarc', 'DMARC']] as const) {
    const check = checks[key];
    if (check) parts.push(typeof check.error === 'string' ? `${label} not answered (${check.error})` : check.published ? `${label} published` : `no ${label} record`);
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : 'Checked.';
}
