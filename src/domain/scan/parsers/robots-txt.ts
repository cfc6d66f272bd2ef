import { normalizeRobotsPath } from './robots-path.js';
import type { ContentSignal, RobotsRule, RobotsTxt, RobotsWarning, RobotsWarningCode } from './robots-txt-result.js';
import { isHttpUrl, looksLikeHtml, splitLines } from './text-helpers.js';

export { normalizeRobotsPath };
export type { RobotsRule, RobotsTxt } from './robots-txt-result.js';

/** RFC 9309 asks parsers to read at least 500 KiB; 512 Ki characters are at least that many bytes. */
export const MAX_ROBOTS_CHARS = 512 * 1024;
const MAX_LINES = 600_000;
const MAX_LINE_CHARS = 16 * 1024;
const MAX_GROUPS = 5_000;
const MAX_RULES = 50_000;
const MAX_SITEMAPS = 1_000;
const MAX_WARNINGS = 100;
const MAX_SIGNAL_PAIRS = 20;

const KNOWN_SIGNALS = new Set(['search', 'ai-input', 'ai-train']);
// Misspellings Google's open-source parser accepts; accepted here too, with a warning.
const DIRECTIVES: Readonly<Record<string, readonly [Directive, boolean]>> = {
  'user-agent': ['agent', false],
  useragent: ['agent', true],
  'user agent': ['agent', true],
  allow: ['allow', false],
  disallow: ['disallow', false],
  dissallow: ['disallow', true],
  dissalow: ['disallow', true],
  disalow: ['disallow', true],
  diasllow: ['disallow', true],
  disallaw: ['disallow', true],
  sitemap: ['sitemap', false],
  'site-map': ['sitemap', true],
  'content-signal': ['signal', false],
  'crawl-delay': ['delay', false],
  host: ['other', false],
  'clean-param': ['other', false],
  'request-rate': ['other', false],
  'visit-time': ['other', false],
  noindex: ['other', false],
  'content-usage': ['other', false],
};
type Directive = 'agent' | 'allow' | 'disallow' | 'sitemap' | 'signal' | 'delay' | 'other';

interface OpenGroup {
  line: number;
  userAgents: string[];
  rules: RobotsRule[];
  contentSignals: ContentSignal[];
  crawlDelay: number | null;
  hasRecords: boolean;
}

/**
 * Parses robots.txt per RFC 9309: groups, rules, Sitemap and Content-Signal lines.
 * Reads the first MAX_ROBOTS_CHARS characters and ignores the rest (`truncated`). Never throws:
 * malformed lines are counted and reported as warnings; an HTML page gives no groups and
 * `looksLikeHtml: true`; an empty text gives no groups (everything allowed).
 */
export function parseRobotsTxt(text: string): RobotsTxt {
  const { lines, truncated } = splitLines(text, MAX_ROBOTS_CHARS, MAX_LINES);
  const groups: OpenGroup[] = [];
  const sitemaps: string[] = [];
  const warnings: RobotsWarning[] = [];
  let warningCount = 0;
  let invalidLineCount = 0;
  let ruleCount = 0;
  let current: OpenGroup | null = null;
  const warn = (line: number, code: RobotsWarningCode): void => {
    warningCount += 1;
    if (warnings.length < MAX_WARNINGS) warnings.push({ line, code });
  };

  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.length > MAX_LINE_CHARS) {
      warn(line, 'LINE_TOO_LONG');
      continue;
    }
    const hash = raw.indexOf('#');
    const content = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (content === '') continue;
    const colon = content.indexOf(':');
    if (colon <= 0) {
      invalidLineCount += 1;
      warn(line, 'INVALID_LINE');
      continue;
    }
    const key = content.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' ');
    const value = content.slice(colon + 1).trim();
    const known = Object.hasOwn(DIRECTIVES, key) ? DIRECTIVES[key] : undefined;
    if (known === undefined) {
      warn(line, 'UNKNOWN_DIRECTIVE');
      continue;
    }
    const [directive, misspelled] = known;
    if (misspelled) warn(line, 'MISSPELLED_DIRECTIVE');

    if (directive === 'agent') {
      if (current === null || current.hasRecords) {
        if (groups.length >= MAX_GROUPS) {
          current = null;
          warn(line, 'TOO_MANY_GROUPS');
          continue;
        }
        current = { line, userAgents: [], rules: [], contentSignals: [], crawlDelay: null, hasRecords: false };
        groups.push(current);
      }
      const token = productToken(value);
      if (token === null) {
        warn(line, 'INVALID_USER_AGENT');
        continue;
      }
      if (!current.userAgents.includes(token)) current.userAgents.push(token);
      continue;
    }
    if (directive === 'sitemap') {
      if (!isHttpUrl(value)) {
        warn(line, 'INVALID_SITEMAP_URL');
        continue;
      }
      if (sitemaps.length >= MAX_SITEMAPS) {
        warn(line, 'TOO_MANY_SITEMAPS');
        continue;
      }
      if (!sitemaps.includes(value)) sitemaps.push(value);
      continue;
    }
    if (directive === 'other') continue;
    if (current === null) {
      warn(line, 'RECORD_OUTSIDE_GROUP');
      continue;
    }
    current.hasRecords = true;
    if (directive === 'signal') {
      const parsed = parseContentSignal(value);
      if (parsed === null) {
        warn(line, 'INVALID_CONTENT_SIGNAL');
        continue;
      }
      current.contentSignals.push(...parsed.slice(0, Math.max(0, MAX_SIGNAL_PAIRS - current.contentSignals.length)));
      continue;
    }
    if (directive === 'delay') {
      const seconds = /^\d{1,6}(?:\.\d{1,6})?$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isNaN(seconds)) {
        warn(line, 'INVALID_CRAWL_DELAY');
        continue;
      }
      current.crawlDelay = seconds;
      continue;
    }
    // An empty Disallow allows everything; RFC 9309 gives an empty path no meaning.
    if (value === '') continue;
    if (ruleCount >= MAX_RULES) {
      warn(line, 'TOO_MANY_RULES');
      continue;
    }
    let pattern = normalizeRobotsPath(value);
    if (!pattern.startsWith('/') && !pattern.startsWith('*')) {
      warn(line, 'PATH_NOT_ABSOLUTE');
      pattern = `/${pattern}`;
    }
    ruleCount += 1;
    current.rules.push({ allow: directive === 'allow', pattern, line });
  }

  return {
    groups: groups.map(({ hasRecords: _unused, ...group }) => group),
    sitemaps,
    lineCount: lines.length,
    invalidLineCount,
    warnings,
    warningCount,
    truncated,
    looksLikeHtml: looksLikeHtml(text),
  };
}

/**
 * The RFC 9309 product token of a User-agent value or of a crawler's name, in lower case:
 * `*`, or the leading run of letters, `-` and `_` (`Googlebot/2.1` gives `googlebot`).
 * Returns null when there is none.
 */
export function productToken(value: string): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('*')) return '*';
  const match = /^[A-Za-z_-]{1,200}/.exec(trimmed);
  return match === null ? null : match[0].toLowerCase();
}

function parseContentSignal(value: string): ContentSignal[] | null {
  const pairs: ContentSignal[] = [];
  for (const part of value.split(',', MAX_SIGNAL_PAIRS)) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim().toLowerCase();
    const pairValue = part
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (!/^[a-z0-9-]{1,64}$/.test(key) || !/^[a-z0-9-]{1,64}$/.test(pairValue)) return null;
    pairs.push({ key, value: pairValue, valid: KNOWN_SIGNALS.has(key) && (pairValue === 'yes' || pairValue === 'no') });
  }
  return pairs.length === 0 ? null : pairs;
}
