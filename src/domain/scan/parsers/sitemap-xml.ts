import { Parser } from 'htmlparser2';
import { capText, isHttpUrl, looksLikeHtml, splitLines } from './text-helpers.js';

export type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

export type SitemapErrorCode = 'EMPTY' | 'HTML' | 'NOT_A_SITEMAP' | 'WRONG_ROOT' | 'NO_LOCS';

export type SitemapWarningCode =
  | 'TRUNCATED'
  | 'UNCLOSED_ROOT'
  | 'INVALID_LOCS'
  | 'INVALID_LASTMODS'
  | 'OVER_URL_LIMIT';

export interface Sitemap {
  /** True when there are no errors (warnings may remain). */
  readonly valid: boolean;
  readonly kind: SitemapKind | null;
  /** Local name of the XML root element (namespace prefix dropped), null for text. */
  readonly rootElement: string | null;
  /** `<loc>` elements of `<url>`/`<sitemap>` entries (or URL lines), within the parse caps. */
  readonly locCount: number;
  /** The first SAMPLE_LOCS absolute http(s) locations. */
  readonly sampleLocs: readonly string[];
  /** Locations that are not absolute http(s) URLs (sitemaps.org wants fully qualified URLs). */
  readonly invalidLocCount: number;
  readonly lastmodCount: number;
  /** `<lastmod>` values that are not W3C Datetime. */
  readonly invalidLastmodCount: number;
  readonly errors: readonly SitemapErrorCode[];
  readonly warnings: readonly SitemapWarningCode[];
}

export const MAX_SITEMAP_CHARS = 8 * 1024 * 1024;
const MAX_ELEMENTS = 400_000;
// Sitemaps nest four or five levels; deeper nesting only makes htmlparser2's open-element
// array (unshifted on every open tag) expensive.
const MAX_DEPTH = 64;
const MAX_TEXT_LINES = 60_000;
const MAX_VALUE_CHARS = 4096;
const SAMPLE_LOCS = 20;
const CHUNK_CHARS = 64 * 1024;
// sitemaps.org: at most 50,000 URLs per file.
const URL_LIMIT = 50_000;

const W3C_DATETIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?)?)?$/;

/**
 * Parses a sitemap (sitemaps.org): an XML `urlset` or `sitemapindex`, or a plain-text list of
 * one URL a line. Reads at most MAX_SITEMAP_CHARS, MAX_ELEMENTS elements and MAX_DEPTH levels
 * of nesting (beyond them: `TRUNCATED`). Never throws:
 * an empty text, an HTML page, XML with another root, a sitemap without locations or text that
 * is not a URL list give `valid: false` with the matching error code.
 */
export function parseSitemap(text: string): Sitemap {
  const { text: source, truncated } = capText(text, MAX_SITEMAP_CHARS);
  const trimmed = source.trimStart();
  if (trimmed.trim() === '') return result(emptyTally(null, null), ['EMPTY'], []);
  if (looksLikeHtml(trimmed)) return result(emptyTally(null, null), ['HTML'], []);
  const warnings: SitemapWarningCode[] = truncated ? ['TRUNCATED'] : [];
  return trimmed.startsWith('<') ? parseXml(trimmed, warnings) : parseText(trimmed, warnings);
}

interface Tally {
  kind: SitemapKind | null;
  rootElement: string | null;
  locCount: number;
  sampleLocs: string[];
  invalidLocCount: number;
  lastmodCount: number;
  invalidLastmodCount: number;
}

function emptyTally(kind: SitemapKind | null, rootElement: string | null): Tally {
  return { kind, rootElement, locCount: 0, sampleLocs: [], invalidLocCount: 0, lastmodCount: 0, invalidLastmodCount: 0 };
}

function addLoc(tally: Tally, value: string): void {
  tally.locCount += 1;
  if (!isHttpUrl(value)) tally.invalidLocCount += 1;
  else if (tally.sampleLocs.length < SAMPLE_LOCS) tally.sampleLocs.push(value);
}

function parseXml(source: string, warnings: SitemapWarningCode[]): Sitemap {
  const tally = emptyTally(null, null);
  const stack: string[] = [];
  let elements = 0;
  let stopped = false;
  let rootClosed = false;
  let capture: { name: 'loc' | 'lastmod'; depth: number; value: string } | null = null;

  const parser = new Parser(
    {
      onopentag(name) {
        if (stopped) return;
        elements += 1;
        if (elements > MAX_ELEMENTS || stack.length >= MAX_DEPTH) {
          stopped = true;
          return;
        }
        const local = localName(name);
        if (stack.length === 0 && tally.rootElement === null) tally.rootElement = local;
        const parent = stack[stack.length - 1];
        const inEntry = stack.length === 2 && (parent === 'url' || parent === 'sitemap');
        stack.push(local);
        if (inEntry && (local === 'loc' || local === 'lastmod')) capture = { name: local, depth: stack.length, value: '' };
      },
      ontext(data) {
        if (capture !== null && capture.value.length < MAX_VALUE_CHARS) capture.value += data;
      },
      onclosetag(_name, isImplied) {
        if (stopped || stack.length === 0) return;
        if (capture !== null && capture.depth === stack.length) {
          const value = capture.value.trim().slice(0, MAX_VALUE_CHARS);
          if (capture.name === 'loc') addLoc(tally, value);
          else {
            tally.lastmodCount += 1;
            if (!isW3cDatetime(value)) tally.invalidLastmodCount += 1;
          }
          capture = null;
        }
        stack.pop();
        if (stack.length === 0 && !isImplied) rootClosed = true;
      },
    },
    { xmlMode: true },
  );
  try {
    for (let offset = 0; offset < source.length && !stopped; offset += CHUNK_CHARS) {
      parser.write(source.slice(offset, offset + CHUNK_CHARS));
    }
    parser.end();
  } catch {
    stopped = true;
  }

  const root = tally.rootElement;
  if (root === 'urlset' || root === 'sitemapindex') tally.kind = root;
  if (stopped && !warnings.includes('TRUNCATED')) warnings.push('TRUNCATED');
  if (tally.kind !== null && !rootClosed && !warnings.includes('TRUNCATED')) warnings.push('UNCLOSED_ROOT');
  const errors: SitemapErrorCode[] = [];
  if (root === null) errors.push('NOT_A_SITEMAP');
  else if (root === 'html') errors.push('HTML');
  else if (tally.kind === null) errors.push('WRONG_ROOT');
  else if (tally.locCount === 0) errors.push('NO_LOCS');
  return result(tally, errors, warnings);
}

function parseText(source: string, warnings: SitemapWarningCode[]): Sitemap {
  const tally = emptyTally('text', null);
  const { lines, truncated } = splitLines(source, MAX_SITEMAP_CHARS, MAX_TEXT_LINES);
  if (truncated && !warnings.includes('TRUNCATED')) warnings.push('TRUNCATED');
  for (const line of lines) {
    const value = line.trim();
    if (value !== '') addLoc(tally, value.slice(0, MAX_VALUE_CHARS));
  }
  const validCount = tally.locCount - tally.invalidLocCount;
  // A text file with more non-URL lines than URLs is some other document, not a URL list.
  if (validCount === 0 || tally.invalidLocCount > validCount) {
    return result({ ...emptyTally(null, null), locCount: 0 }, ['NOT_A_SITEMAP'], warnings);
  }
  return result(tally, [], warnings);
}

function result(tally: Tally, errors: SitemapErrorCode[], warnings: SitemapWarningCode[]): Sitemap {
  const allWarnings = [...warnings];
  if (tally.invalidLocCount > 0) allWarnings.push('INVALID_LOCS');
  if (tally.invalidLastmodCount > 0) allWarnings.push('INVALID_LASTMODS');
  if (tally.locCount > URL_LIMIT) allWarnings.push('OVER_URL_LIMIT');
  return {
    valid: errors.length === 0,
    kind: tally.kind,
    rootElement: tally.rootElement,
    locCount: tally.locCount,
    sampleLocs: tally.sampleLocs,
    invalidLocCount: tally.invalidLocCount,
    lastmodCount: tally.lastmodCount,
    invalidLastmodCount: tally.invalidLastmodCount,
    errors,
    warnings: allWarnings,
  };
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/** True for a W3C Datetime (YYYY, YYYY-MM, YYYY-MM-DD, or with time and zone) with ranges checked. */
export function isW3cDatetime(value: string): boolean {
  const m = W3C_DATETIME.exec(value);
  if (m === null) return false;
  const [, , month, day, hour, minute, second, zoneHour, zoneMinute] = m.map((part) => (part === undefined ? undefined : Number(part)));
  if (month !== undefined && (month < 1 || month > 12)) return false;
  if (day !== undefined && (day < 1 || day > 31)) return false;
  if (hour !== undefined && hour > 23) return false;
  if (minute !== undefined && minute > 59) return false;
  if (second !== undefined && second > 60) return false;
  if (zoneHour !== undefined && zoneHour > 14) return false;
  return zoneMinute === undefined || zoneMinute <= 59;
}
