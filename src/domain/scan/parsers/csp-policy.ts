import parseContentSecurityPolicy from 'content-security-policy-parser';

/** One Content Security Policy as a browser enforces it: directive name (lower case) → sources. */
export interface CspPolicy {
  readonly delivery: 'header' | 'meta';
  readonly directives: ReadonlyMap<string, readonly string[]>;
  /** Directives a `<meta>` policy held that browsers ignore there (frame-ancestors, report-uri, sandbox). */
  readonly ignored: readonly string[];
}

/** How well a set of policies keeps injected script from running. */
export type ScriptProtection = 'protected' | 'eval_allowed' | 'unprotected';

/** What the enforced policies, taken together, protect. */
export interface CspJudgement {
  readonly scripts: ScriptProtection;
  /** Why scripts are not protected, in Vetted's words (empty when protected). */
  readonly scriptReasons: readonly string[];
  /** object-src (or default-src) present and without a wildcard or scheme-only source. */
  readonly objectsRestricted: boolean;
  /** base-uri present and without a wildcard or scheme-only source (it has no fallback). */
  readonly baseUriRestricted: boolean;
  /** A header policy's frame-ancestors allows no wildcard or scheme-only source. */
  readonly framingRestricted: boolean;
  /** frame-ancestors appeared only in a `<meta>` policy, where browsers ignore it. */
  readonly framingOnlyInMeta: boolean;
}

const MAX_VALUE_CHARS = 16 * 1024;
const MAX_POLICIES = 20;
// CSP Level 3 §3.3: these have no effect in a policy delivered by <meta>.
const IGNORED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];
const NONCE_OR_HASH = /^'(?:nonce-|sha256-|sha384-|sha512-)/i;
// Sources that allow any host: the wildcard and bare schemes (https: loads script from anywhere).
const ANY_SOURCE = /^(?:\*|https?:|data:|blob:|filesystem:|wss?:)$/i;

/**
 * Parses Content-Security-Policy header values (each may hold several policies separated by
 * commas, and several headers arrive joined by commas) and `<meta http-equiv>` contents into the
 * policies a browser enforces. Each policy is parsed by the CSP Level 3 algorithm (first
 * occurrence of a directive wins); a meta policy drops frame-ancestors, report-uri and sandbox.
 * Reads at most 16 KiB per value and MAX_POLICIES policies.
 */
export function parseCspPolicies(headerValues: readonly string[], metaContents: readonly string[]): CspPolicy[] {
  const policies: CspPolicy[] = [];
  const add = (text: string, delivery: CspPolicy['delivery']) => {
    const directives = new Map(parseContentSecurityPolicy(text));
    const ignored = delivery === 'meta' ? IGNORED_IN_META.filter((name) => directives.delete(name)) : [];
    if ((directives.size > 0 || ignored.length > 0) && policies.length < MAX_POLICIES) policies.push({ delivery, directives, ignored });
  };
  for (const value of headerValues) for (const serialized of bounded(value).split(',')) add(serialized, 'header');
  for (const content of metaContents) add(bounded(content), 'meta');
  return policies;
}

/**
 * Judges enforced policies together: every policy must allow a load, so the strongest one
 * decides. Script protection comes from script-src, else default-src: nonces or hashes (with
 * which browsers ignore 'unsafe-inline'), 'strict-dynamic' (with which they also ignore host and
 * scheme sources), 'none', 'self' and host lists protect; 'unsafe-inline' without a nonce or
 * hash, a wildcard or a scheme-only source, or no such directive, do not; 'unsafe-eval' weakens.
 */
export function judgeCsp(policies: readonly CspPolicy[]): CspJudgement {
  const verdicts = policies.map(scriptVerdict);
  const rank: Record<ScriptProtection, number> = { protected: 2, eval_allowed: 1, unprotected: 0 };
  const best = verdicts.reduce<{ level: ScriptProtection; reasons: string[] }>(
    (a, b) => (rank[b.level] > rank[a.level] ? b : a),
    { level: 'unprotected', reasons: policies.length === 0 ? ['there is no Content-Security-Policy'] : [] },
  );
  const reasons = best.level === 'protected' ? [] : best.reasons.length > 0 ? best.reasons : verdicts.flatMap((v) => v.reasons);
  const restricted = (sources: readonly string[] | undefined) => sources !== undefined && !sources.some((s) => ANY_SOURCE.test(s));
  const headerFraming = policies.filter((p) => p.delivery === 'header' && p.directives.has('frame-ancestors'));
  return {
    scripts: best.level,
    scriptReasons: [...new Set(reasons)],
    objectsRestricted: policies.some((p) => restricted(p.directives.get('object-src') ?? p.directives.get('default-src'))),
    baseUriRestricted: policies.some((p) => restricted(p.directives.get('base-uri'))),
    framingRestricted: headerFraming.some((p) => restricted(p.directives.get('frame-ancestors'))),
    framingOnlyInMeta: headerFraming.length === 0 && policies.some((p) => p.ignored.includes('frame-ancestors')),
  };
}

function scriptVerdict(policy: CspPolicy): { level: ScriptProtection; reasons: string[] } {
  const name = policy.directives.has('script-src') ? 'script-src' : policy.directives.has('default-src') ? 'default-src' : null;
  if (name === null) return { level: 'unprotected', reasons: ['no script-src or default-src limits scripts'] };
  const sources = policy.directives.get(name)!.map((s) => s.toLowerCase());
  const nonceOrHash = sources.some((s) => NONCE_OR_HASH.test(s));
  const strictDynamic = nonceOrHash && sources.includes("'strict-dynamic'");
  const reasons: string[] = [];
  if (sources.includes("'unsafe-inline'") && !nonceOrHash) reasons.push(`${name} allows 'unsafe-inline' without a nonce or hash`);
  const wide = strictDynamic ? [] : sources.filter((s) => ANY_SOURCE.test(s));
  if (wide.length > 0) reasons.push(`${name} allows any host (${wide.join(' ')})`);
  if (reasons.length > 0) return { level: 'unprotected', reasons };
  if (sources.includes("'unsafe-eval'")) return { level: 'eval_allowed', reasons: [`${name} allows 'unsafe-eval'`] };
  return { level: 'protected', reasons: [] };
}

function bounded(text: string): string {
  return typeof text === 'string' ? text.slice(0, MAX_VALUE_CHARS) : '';
}
