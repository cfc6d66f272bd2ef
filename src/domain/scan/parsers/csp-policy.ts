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
  /**
   * frame-ancestors of the header policies, which, once present, make browsers ignore
   * X-Frame-Options (WHATWG HTML): 'restricted' when one of them allows no wildcard or
   * scheme-only source, 'open' when each lets any site frame the page, 'absent' when none has it.
   */
  readonly frameAncestors: 'restricted' | 'open' | 'absent';
  /** frame-ancestors appeared only in a `<meta>` policy, where browsers ignore it. */
  readonly framingOnlyInMeta: boolean;
}

const MAX_VALUE_CHARS = 16 * 1024;
const MAX_POLICIES = 20;
// CSP Level 3 §3.3: these have no effect in a policy delivered by <meta>.
const IGNORED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];
const NONCE_OR_HASH = /^'(?:nonce-|sha256-|sha384-|sha512-)/i;
// Sources that allow any host: the wildcard, bare schemes (https: loads script from anywhere) and
// a host-source whose host is `*` (https://*, *:443), whatever its port or path.
const ANY_SOURCE = /^(?:https?:|data:|blob:|filesystem:|wss?:|(?:(?:https?|wss?):\/\/)?\*(?::(?:\d+|\*))?(?:\/.*)?)$/i;

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
 * decides. Within a policy, `<script>` elements answer to script-src-elem, else script-src, else
 * default-src; inline event handlers to script-src-attr, else script-src, else default-src; eval
 * to script-src, else default-src. Nonces or hashes make browsers ignore 'unsafe-inline';
 * 'strict-dynamic' makes them ignore 'unsafe-inline', host and scheme sources, with or without a
 * nonce or hash (without one no script loads at all, which still keeps injected script out).
 * 'none', 'self' and host lists protect; 'unsafe-inline' left in force, a wildcard, a `*` host or
 * a scheme-only source, or no such directive, do not; 'unsafe-eval' weakens. Framing is judged by
 * the header policies' frame-ancestors only: browsers ignore it in `<meta>`.
 */
export function judgeCsp(policies: readonly CspPolicy[]): CspJudgement {
  const verdicts = policies.map(scriptVerdict);
  const rank: Record<ScriptProtection, number> = { protected: 2, eval_allowed: 1, unprotected: 0 };
  const best = verdicts.reduce<{ level: ScriptProtection; reasons: string[] }>((a, b) => (rank[b.level] > rank[a.level] ? b : a), {
    level: 'unprotected',
    reasons: policies.length === 0 ? ['there is no Content-Security-Policy'] : [],
  });
  const reasons = best.level === 'protected' ? [] : best.reasons.length > 0 ? best.reasons : verdicts.flatMap((v) => v.reasons);
  const restricted = (sources: readonly string[] | undefined) => sources !== undefined && !sources.some((s) => ANY_SOURCE.test(s));
  const headerFraming = policies.filter((p) => p.delivery === 'header' && p.directives.has('frame-ancestors'));
  const frameAncestors =
    headerFraming.length === 0 ? 'absent' : headerFraming.some((p) => restricted(p.directives.get('frame-ancestors'))) ? 'restricted' : 'open';
  return {
    scripts: best.level,
    scriptReasons: [...new Set(reasons)],
    objectsRestricted: policies.some((p) => restricted(p.directives.get('object-src') ?? p.directives.get('default-src'))),
    baseUriRestricted: policies.some((p) => restricted(p.directives.get('base-uri'))),
    frameAncestors,
    framingOnlyInMeta: headerFraming.length === 0 && policies.some((p) => p.ignored.includes('frame-ancestors')),
  };
}

function scriptVerdict(policy: CspPolicy): { level: ScriptProtection; reasons: string[] } {
  const has = (...names: string[]) => names.find((n) => policy.directives.has(n)) ?? null;
  const elements = has('script-src-elem', 'script-src', 'default-src');
  const handlers = has('script-src-attr', 'script-src', 'default-src');
  const evaluation = has('script-src', 'default-src');
  if (elements === null && handlers === null) return { level: 'unprotected', reasons: ['no `script-src` or `default-src` limits scripts'] };
  const reasons = [
    ...(elements === null ? ['no `script-src-elem`, `script-src` or `default-src` limits `<script>` elements'] : sourceProblems(policy, elements, true)),
    ...(handlers === null
      ? ['no `script-src-attr`, `script-src` or `default-src` limits inline event handlers']
      : handlers === elements
        ? []
        : sourceProblems(policy, handlers, false)),
  ];
  if (reasons.length > 0) return { level: 'unprotected', reasons };
  if (evaluation === null) return { level: 'eval_allowed', reasons: ['no `script-src` or `default-src` limits `eval()`'] };
  if (sourcesOf(policy, evaluation).includes("'unsafe-eval'")) return { level: 'eval_allowed', reasons: [`\`${evaluation}\` allows \`'unsafe-eval'\``] };
  return { level: 'protected', reasons: [] };
}

/** What lets injected script through one directive; host sources matter only where URLs load. */
function sourceProblems(policy: CspPolicy, name: string, loadsUrls: boolean): string[] {
  const sources = sourcesOf(policy, name);
  const nonceOrHash = sources.some((s) => NONCE_OR_HASH.test(s));
  const strictDynamic = sources.includes("'strict-dynamic'");
  const problems: string[] = [];
  if (sources.includes("'unsafe-inline'") && !nonceOrHash && !strictDynamic) problems.push(`\`${name}\` allows \`'unsafe-inline'\` without a nonce or hash`);
  // Only the scheme and the `*` of a wide source are shown: details never quote the site.
  const wide = loadsUrls && !strictDynamic ? sources.filter((s) => ANY_SOURCE.test(s)).map((s) => s.replace(/^((?:[a-z]+:\/\/)?\*).*$/, '$1')) : [];
  if (wide.length > 0) problems.push(`\`${name}\` allows any host (${[...new Set(wide)].map((s) => `\`${s}\``).join(' ')})`);
  return problems;
}

function sourcesOf(policy: CspPolicy, name: string): string[] {
  return policy.directives.get(name)!.map((s) => s.toLowerCase());
}

function bounded(text: string): string {
  return typeof text === 'string' ? text.slice(0, MAX_VALUE_CHARS) : '';
}
