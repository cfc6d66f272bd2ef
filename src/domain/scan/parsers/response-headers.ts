/** The referrer policies W3C Referrer Policy §3 defines (the empty string aside). */
export const REFERRER_POLICIES = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'same-origin',
  'origin',
  'strict-origin',
  'origin-when-cross-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
] as const;
export type ReferrerPolicy = (typeof REFERRER_POLICIES)[number];

/**
 * The policy browsers apply when neither the header nor a `<meta name="referrer">` gives one they
 * recognize (WHATWG Fetch, "determine request's referrer": the empty policy means this default).
 */
export const DEFAULT_REFERRER_POLICY: ReferrerPolicy = 'strict-origin-when-cross-origin';

/** Policies that never send a path to another origin nor anything over a downgrade to HTTP. */
export const PRIVATE_REFERRER_POLICIES: ReadonlySet<ReferrerPolicy> = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);

const MAX_VALUE_CHARS = 4096;
// WHATWG HTML, meta name=referrer: the legacy keywords and the policies they stand for.
const LEGACY_META_REFERRER: ReadonlyMap<string, ReferrerPolicy> = new Map([
  ['never', 'no-referrer'],
  ['default', 'strict-origin-when-cross-origin'],
  ['always', 'unsafe-url'],
  ['origin-when-crossorigin', 'origin-when-cross-origin'],
]);

/**
 * The policy a browser applies from a Referrer-Policy value: of the comma-separated tokens
 * (several headers arrive joined by commas), the last one it recognizes wins (W3C Referrer
 * Policy §8.1); null when none is recognized, so the browser ignores the header.
 */
export function parseReferrerPolicy(value: string | undefined): ReferrerPolicy | null {
  let policy: ReferrerPolicy | null = null;
  for (const token of listValues(value)) {
    if ((REFERRER_POLICIES as readonly string[]).includes(token)) policy = token as ReferrerPolicy;
  }
  return policy;
}

/**
 * The policy a `<meta name="referrer" content>` sets, as WHATWG HTML reads it: the whole value,
 * ASCII lower-cased (one token, neither split on commas nor trimmed), with the legacy keywords
 * never, default, always and origin-when-crossorigin mapped to their policies. It replaces the
 * policy the Referrer-Policy header gave the document. Null when the value is empty or no policy,
 * so the document keeps the policy it had.
 */
export function parseMetaReferrer(content: string | undefined): ReferrerPolicy | null {
  if (typeof content !== 'string' || content.length > 64) return null;
  const value = asciiLowerCase(content);
  const policy = LEGACY_META_REFERRER.get(value) ?? value;
  return (REFERRER_POLICIES as readonly string[]).includes(policy) ? (policy as ReferrerPolicy) : null;
}

/** X-Content-Type-Options as WHATWG Fetch reads it: the first value, case-insensitive, is `nosniff`. */
export function isNosniff(value: string | undefined): boolean {
  return listValues(value, true)[0] === 'nosniff';
}

/** What an X-Frame-Options value does to a framing page. */
export type FrameOptions = 'deny' | 'sameorigin' | 'allow';

/**
 * X-Frame-Options as WHATWG HTML's navigation check reads it: the lower-cased values as a set;
 * several values of which one is deny, sameorigin or allowall block framing; otherwise several
 * values, or one that is neither deny nor sameorigin (ALLOW-FROM included, which is obsolete),
 * allow it.
 */
export function parseFrameOptions(value: string | undefined): FrameOptions {
  const set = new Set(listValues(value, true));
  if (set.size > 1) return ['deny', 'sameorigin', 'allowall'].some((v) => set.has(v)) ? 'deny' : 'allow';
  if (set.has('deny')) return 'deny';
  if (set.has('sameorigin')) return 'sameorigin';
  return 'allow';
}

/**
 * A header's comma-separated values, stripped of HTTP whitespace and ASCII lower-cased, as
 * WHATWG Fetch splits them; empty ones dropped unless kept.
 */
function listValues(value: string | undefined, keepEmpty = false): string[] {
  if (typeof value !== 'string') return [];
  const values = value
    .slice(0, MAX_VALUE_CHARS)
    .split(',')
    .map((v) => asciiLowerCase(stripHttpWhitespace(v)));
  return keepEmpty ? values : values.filter((v) => v !== '');
}

// A loop, not a regular expression: a trailing-whitespace pattern backtracks on long blank runs.
function stripHttpWhitespace(text: string): string {
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  let start = 0;
  let end = text.length;
  while (start < end && blank(text[start])) start += 1;
  while (end > start && blank(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}
