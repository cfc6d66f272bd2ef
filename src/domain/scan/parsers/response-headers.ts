/** The referrer policies W3C Referrer Policy §3 defines (the empty string aside). */
export const REFERRER_POLICIES = [
  'no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url',
] as const;
export type ReferrerPolicy = (typeof REFERRER_POLICIES)[number];

/** Policies that never send a path to another origin nor anything over a downgrade to HTTP. */
export const PRIVATE_REFERRER_POLICIES: ReadonlySet<ReferrerPolicy> = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);

const MAX_VALUE_CHARS = 4096;

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
  const set = new Set(listValues(value));
  if (set.size > 1) return ['deny', 'sameorigin', 'allowall'].some((v) => set.has(v)) ? 'deny' : 'allow';
  if (set.has('deny')) return 'deny';
  if (set.has('sameorigin')) return 'sameorigin';
  return 'allow';
}

/** A header's comma-separated values, trimmed and lower-cased; empty ones dropped unless kept. */
function listValues(value: string | undefined, keepEmpty = false): string[] {
  if (typeof value !== 'string') return [];
  const values = value.slice(0, MAX_VALUE_CHARS).split(',').map((v) => v.trim().toLowerCase());
  return keepEmpty ? values : values.filter((v) => v !== '');
}
