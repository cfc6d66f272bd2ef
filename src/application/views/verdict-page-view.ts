import type { TrustView } from './trust-schema.js';
import { inWords, LOOKED_AT_WORDS, SIGNAL_TITLES, signalWords } from './verdict-signal-words.js';

/** How a verdict reads at a glance: the colour of its panel, always beside words saying the same. */
type VerdictTone = 'good' | 'caution' | 'bad' | 'neutral';

/** One signal of the trust score as a person reads it: its points and, in words, why. */
interface SignalLine {
  readonly name: string;
  readonly title: string;
  readonly score: number;
  readonly max: number;
  readonly words: string;
}

/**
 * The verdict page of a domain (`GET /verify/{domain}` as HTML, `/domains/{domain}`): the trust
 * answer of `signals=true` put in sentences, with nothing judged here that the answer does not say.
 * The page heads with one state (what to do, told by `label` and `tone` together) and the
 * sentences that say why; every sentence is built from the answer's fields, so the page and the
 * JSON never disagree.
 */
export interface VerdictPageView {
  readonly domain: string;
  /** What to do, in two or three words ("Ask a person"), shown beside the tone's colour. */
  readonly label: string;
  readonly headline: string;
  readonly tone: VerdictTone;
  /** Who the domain is (verified, a lookalike, blocked...): one sentence. */
  readonly sentence: string;
  /** Why, in the order a reviewer needs it: who the domain is, the score, what the evidence lacks, what an agent may do. */
  readonly why: readonly string[];
  /** True when a live look would add evidence: the page offers "Look now". */
  readonly lookNow: boolean;
  /** Seconds until a queued look should have stored its result, while one is pending. */
  readonly askAgainSeconds: number | undefined;
  readonly entity: {
    readonly id: string;
    readonly name: string;
    readonly level: string;
    readonly type: string;
    readonly verifiedAt: string;
    readonly expiresAt: string;
  } | null;
  readonly score: number;
  readonly level: string;
  readonly signals: readonly SignalLine[];
  readonly guidance: {
    readonly action: string;
    readonly allows: string;
    readonly maxUsd: number;
    readonly requiresHuman: boolean;
    readonly reason: string | undefined;
  };
  readonly lookalike: { readonly of: string; readonly brand: string | null; readonly words: string; readonly ownership: string | undefined } | null;
  readonly readiness: {
    readonly value: string;
    readonly reasons: readonly string[];
    readonly scannedAt: string | null;
    readonly reportUrl: string | null;
    readonly note: string;
  } | null;
  readonly links: { readonly json: string; readonly signals: string; readonly history: string; readonly badge: string; readonly page: string };
}

const ACTION_WORDS: Readonly<Record<string, string>> = { payment: 'payments', data_sharing: 'sharing data', api_call: 'API calls' };

// What each action of the contract asks of the person reading: the state's words and its colour.
const STATES: Readonly<Record<string, { label: string; tone: VerdictTone; headline: (domain: string) => string }>> = {
  PROCEED: { label: 'Go ahead', tone: 'good', headline: (d) => `An agent may go ahead with ${d}, within the limits below.` },
  CAUTION: {
    label: 'Go ahead with care',
    tone: 'caution',
    headline: (d) => `An agent may deal with ${d} only within small limits; a person confirms anything more.`,
  },
  FLAG: { label: 'Ask a person', tone: 'caution', headline: (d) => `A person should decide before an agent deals with ${d}.` },
  BLOCK: { label: 'Do not go ahead', tone: 'bad', headline: (d) => `An agent should not deal with ${d}.` },
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
  const evidence = answer.evidence;
  const allowed = guidance.safe_actions.map((a) => ACTION_WORDS[a] ?? a);
  const allows =
    allowed.length === 0
      ? 'Nothing is safe for an agent to do without asking a person.'
      : `Safe for an agent to do without asking: ${allowed.join(', ')}${guidance.max_transaction_usd > 0 ? `, up to ${guidance.max_transaction_usd} USD a transaction` : ''}.`;
  const sentence = identitySentence(view);
  const pending = evidence?.pending ?? [];
  const ownershipOpen = brand?.ownership?.status === 'not_checked';
  const state = STATES[guidance.action] ?? STATES.BLOCK!;
  // A lookalike is never better than FLAG whatever the looks find: the warning leads, not the wait.
  const imitates = brand !== undefined && !brand.known_brand && brand.lookalike_of !== null;
  const still = !answer.blocked && !imitates && pending.length > 0;
  // Looks that failed leave a lower bound, not a judgement: a person is told that first.
  const unsure = !answer.blocked && !imitates && !still && (evidence?.failed.length ?? 0) > 0;
  const askAgainSeconds = still ? evidence?.retry_after_seconds : undefined;
  const why = [
    sentence,
    ...(answer.blocked ? [] : [`Its trust score is ${answer.trust_score} of 100 (${levelWords(answer.trust_level)}).`]),
    ...evidenceSentences(evidence),
    still
      ? `Until the look ends, agents are told: ${state.label.toLowerCase()} (${guidance.action}).`
      : `Agents are told: ${state.label.toLowerCase()} (${guidance.action}).`,
    allows,
  ];
  return {
    domain,
    label: still ? 'Still looking' : unsure ? 'Could not look' : `${state.label}`,
    headline: answer.blocked
      ? `Do not deal with ${domain}: the operator of this registry blocked it.`
      : still
        ? `We are still looking at ${domain}${askAgainSeconds !== undefined ? `: ask again in ${askAgainSeconds} seconds` : ''}.`
        : unsure
          ? `We could not finish looking at ${domain}: its score is a lower bound, not a judgement of the site.`
          : state.headline(domain),
    tone: answer.blocked ? 'bad' : still || unsure ? 'neutral' : state.tone,
    sentence,
    why,
    lookNow: !answer.blocked && (evidence?.complete === false || (evidence?.failed.length ?? 0) > 0 || ownershipOpen),
    askAgainSeconds,
    entity: answer.entity
      ? {
          id: answer.entity.id,
          name: answer.entity.name,
          level: answer.entity.level,
          type: answer.entity.type,
          verifiedAt: answer.entity.verified_at,
          expiresAt: answer.entity.expires_at,
        }
      : null,
    score: answer.trust_score,
    level: answer.trust_level,
    signals: Object.entries(answer.signals ?? {}).map(([name, signal]) => ({
      name,
      title: SIGNAL_TITLES[name] ?? name,
      score: signal.score,
      max: signal.max,
      words: signalWords(name, signal as Record<string, unknown>, evidence?.retry_after_seconds),
    })),
    guidance: { action: guidance.action, allows, maxUsd: guidance.max_transaction_usd, requiresHuman: guidance.requires_human, reason: guidance.reason },
    lookalike: brand?.lookalike_of
      ? {
          of: brand.lookalike_of,
          brand: brand.lookalike_brand,
          words: brand.reason ?? '',
          ownership: ownershipOpen
            ? `Whether ${brand.lookalike_brand ?? brand.lookalike_of} owns this name is not checked yet.`
            : brand.ownership?.status === 'not_owned'
              ? `Checked at ${brand.ownership.checked_at}: no evidence that the brand owns this name.`
              : undefined,
        }
      : null,
    readiness: answer.readiness
      ? {
          value: answer.readiness.value,
          reasons: answer.readiness.reasons,
          scannedAt: answer.readiness.scanned_at,
          reportUrl: answer.readiness.evidence_urls?.report ?? null,
          note: answer.readiness.note,
        }
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

function levelWords(level: string): string {
  return level.toLowerCase().replace('_', ' ');
}

/** What the evidence lacks, in sentences: the looks still to come, and those that failed. */
function evidenceSentences(evidence: TrustView['answer']['evidence']): string[] {
  if (!evidence) return [];
  const words = (names: readonly string[]) => inWords(names.map((n) => LOOKED_AT_WORDS[n] ?? n));
  const out: string[] = [];
  if (evidence.pending.length > 0)
    out.push(
      `We have not looked at ${words(evidence.pending)} yet: a look is under way, and until it ends ${evidence.pending.length === 1 ? 'it counts' : 'they count'} 0, so the score may be too low.`,
    );
  else if (!evidence.complete) out.push('Some of the evidence was never looked at, so it counts 0 and the score may be too low: "Look now" looks at it.');
  if (evidence.failed.length > 0)
    out.push(
      `Our last look at ${words(evidence.failed)} failed, so ${evidence.failed.length === 1 ? 'it counts' : 'they count'} 0 and the score may be too low: "Look now" tries again.`,
    );
  return out;
}

function identitySentence(view: TrustView): string {
  const a = view.answer;
  if (a.blocked) return `${a.domain} is blocked by this registry's operator: ${a.agent_guidance.reason ?? 'no reason given'}.`;
  if (view.kind === 'expired') return view.error.message;
  if (a.verified && a.entity)
    return `${a.domain} is verified: it belongs to ${a.entity.name} (${a.entity.type}, level ${a.entity.level}), a registered entity, until ${a.entity.expires_at.slice(0, 10)}.`;
  const brand = a.signals?.brand;
  if (brand?.lookalike_of)
    return `${a.domain} is not verified, and it looks like ${brand.lookalike_of}${brand.lookalike_brand && brand.lookalike_brand !== brand.lookalike_of ? ` (a domain of ${brand.lookalike_brand})` : ''}.`;
  if (brand?.known_brand) return `${a.domain} is not a registered entity, but it is a domain of a known brand${brand.owned_by ? ` (${brand.owned_by})` : ''}.`;
  return `${a.domain} is not verified: no registered entity vouches for it.`;
}
