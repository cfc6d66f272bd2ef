import { normalizeRobotsPath, productToken } from './robots-txt.js';
import type { RobotsRule, RobotsTxt } from './robots-txt.js';

/** How a crawler's access to one path was decided. */
export interface RobotsDecision {
  readonly allowed: boolean;
  /** The longest matching rule, or null when no rule matched (then the path is allowed). */
  readonly matchedRule: RobotsRule | null;
  /** `named` when a group names the crawler, `wildcard` when the `*` group applied, else `none`. */
  readonly groupMatch: 'named' | 'wildcard' | 'none';
}

/** Product tokens of well-known AI crawlers and agents, as their operators document them. */
export const AI_CRAWLER_TOKENS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Bytespider',
  'meta-externalagent',
  'Amazonbot',
  'cohere-ai',
] as const;

interface AiAgentAccessEntry {
  readonly token: string;
  /** Whether the crawler may fetch `/`. */
  readonly allowedRoot: boolean;
  /** Whether some group names this crawler (rather than only `*` applying). */
  readonly namedGroup: boolean;
}

export interface AiAgentAccess {
  readonly agents: readonly AiAgentAccessEntry[];
  readonly hasNamedAiGroups: boolean;
  readonly namedCount: number;
  readonly blockedCount: number;
}

const MAX_PATH_CHARS = 8 * 1024;

/**
 * Decides whether `userAgent` may fetch `path` (RFC 9309 §2.2): the groups naming the crawler's
 * product token (case-insensitive, all such groups merged) apply, else the `*` groups, else
 * none; the longest matching pattern wins, `allow` wins a tie, `*` matches any run of
 * characters and a final `$` anchors the end. `path` may carry a query or be an absolute URL.
 * `/robots.txt` is always allowed. A user agent with no product token is matched against `*`.
 */
export function decideRobotsAccess(robots: RobotsTxt, userAgent: string, path: string): RobotsDecision {
  const target = normalizeRobotsPath(toPathAndQuery(path));
  const token = productToken(userAgent);
  const named = token === null || token === '*' ? [] : robots.groups.filter((g) => g.userAgents.includes(token));
  const groups = named.length > 0 ? named : robots.groups.filter((g) => g.userAgents.includes('*'));
  const groupMatch = named.length > 0 ? 'named' : groups.length > 0 ? 'wildcard' : 'none';
  if (target === '/robots.txt') return { allowed: true, matchedRule: null, groupMatch };
  let best: RobotsRule | null = null;
  for (const group of groups) {
    for (const rule of group.rules) {
      if (!patternMatches(rule.pattern, target)) continue;
      const longer = best === null || rule.pattern.length > best.pattern.length;
      const tieWonByAllow = best !== null && rule.pattern.length === best.pattern.length && rule.allow && !best.allow;
      if (longer || tieWonByAllow) best = rule;
    }
  }
  return { allowed: best === null || best.allow, matchedRule: best, groupMatch };
}

/** Whether `userAgent` may fetch `path`; see decideRobotsAccess for the rules. Never throws. */
export function isAllowed(robots: RobotsTxt, userAgent: string, path: string): boolean {
  return decideRobotsAccess(robots, userAgent, path).allowed;
}

/**
 * For each token in AI_CRAWLER_TOKENS: may it fetch `/`, and does a group name it.
 * A robots.txt with no groups (or an unparseable one) allows every crawler.
 */
export function aiAgentAccess(robots: RobotsTxt): AiAgentAccess {
  const agents = AI_CRAWLER_TOKENS.map((token): AiAgentAccessEntry => {
    const decision = decideRobotsAccess(robots, token, '/');
    return { token, allowedRoot: decision.allowed, namedGroup: decision.groupMatch === 'named' };
  });
  const namedCount = agents.filter((a) => a.namedGroup).length;
  return {
    agents,
    hasNamedAiGroups: namedCount > 0,
    namedCount,
    blockedCount: agents.filter((a) => !a.allowedRoot).length,
  };
}

/**
 * Matches without regular expressions: the pattern is split at `*`, the first piece must be a
 * prefix, later pieces are found left to right (greedy leftmost is exact for `*`-only globs),
 * and with a final `$` the last piece must end the path. Linear in path length per piece.
 */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = pieces[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return anchored ? path.length === first.length : true;
  let position = first.length;
  const lastIndex = pieces.length - 1;
  for (let i = 1; i < lastIndex; i += 1) {
    const piece = pieces[i] ?? '';
    const found = path.indexOf(piece, position);
    if (found < 0) return false;
    position = found + piece.length;
  }
  const last = pieces[lastIndex] ?? '';
  if (anchored) return path.length - last.length >= position && path.endsWith(last);
  return path.indexOf(last, position) >= 0;
}

function toPathAndQuery(input: string): string {
  const text = typeof input === 'string' ? input.trim().slice(0, MAX_PATH_CHARS) : '';
  if (/^https?:\/\//i.test(text) && URL.canParse(text)) {
    const url = new URL(text);
    return `${url.pathname}${url.search}`;
  }
  const withoutFragment = text.split('#', 1)[0] ?? '';
  if (withoutFragment === '') return '/';
  return withoutFragment.startsWith('/') ? withoutFragment : `/${withoutFragment}`;
}
