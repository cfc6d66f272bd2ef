import { XMLValidator } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { capText, isHttpUrl, looksLikeHtml, splitLines, stripBom } from './text-helpers.js';
import type { Sitemap, SitemapErrorCode, SitemapKind, SitemapWarningCode } from './sitemap-result.js';
import { isW3cDatetime } from './w3c-datetime.js';

export { isW3cDatetime };
export type { Sitemap, SitemapErrorCode, SitemapWarningCode } from './sitemap-result.js';

const MAX_SITEMAP_CHARS = 8 * 1024 * 1024;
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
const NAMED_OTHER_HOSTS = 3;
/** The one namespace of sitemaps.org's schema; `https:` or another spelling is another namespace. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Parses a sitemap (sitemaps.org): an XML `urlset` or `sitemapindex` in SITEMAP_NAMESPACE, or a
 * plain-text list of one URL a line. Given `host` (the sitemap's own), locations on other hosts
 * are counted and the first few named. `cutShort` says the text is only the beginning of the file
 * (a fetch stopped at its byte limit): it is read as TRUNCATED. Reads at most MAX_SITEMAP_CHARS, MAX_ELEMENTS elements and MAX_DEPTH levels
 * of nesting (beyond them: `TRUNCATED`). Never throws:
 * an empty text, an HTML page, XML that is not well-formed (unless cut at the caps), with another
 * root or in another namespace, a sitemap without locations, with none written as an absolute URL
 * or none on its own host, or text that is not a URL list give `valid: false` with the matching
 * error code.
 */
export function parseSitemap(text: string, host?: string, cutShort = false): Sitemap {
  const capped = capText(text, MAX_SITEMAP_CHARS);
  const source = capped.text;
  const truncated = capped.truncated || cutShort;
  const trimmed = stripBom(source).trimStart();
  const ownHost = host?.toLowerCase() ?? null;
  if (trimmed.trim() === '') return result(emptyTally(null, null, ownHost), ['EMPTY'], []);
  if (looksLikeHtml(trimmed)) return result(emptyTally(null, null, ownHost), ['HTML'], []);
  const warnings: SitemapWarningCode[] = truncated ? ['TRUNCATED'] : [];
  return trimmed.startsWith('<') ? parseXml(trimmed, warnings, ownHost) : parseText(trimmed, warnings, ownHost);
}

interface Tally {
  kind: SitemapKind | null;
  rootElement: string | null;
  namespace: string | null;
  ownHost: string | null;
  locCount: number;
  sampleLocs: string[];
  invalidLocCount: number;
  otherHostLocCount: number;
  otherHosts: string[];
  moreOtherHosts: boolean;
  lastmodCount: number;
  invalidLastmodCount: number;
}

function emptyTally(kind: SitemapKind | null, rootElement: string | null, ownHost: string | null): Tally {
  return {
    kind,
    rootElement,
    namespace: null,
    ownHost,
    locCount: 0,
    sampleLocs: [],
    invalidLocCount: 0,
    otherHostLocCount: 0,
    otherHosts: [],
    moreOtherHosts: false,
    lastmodCount: 0,
    invalidLastmodCount: 0,
  };
}

function addLoc(tally: Tally, value: string): void {
  tally.locCount += 1;
  if (!isHttpUrl(value)) {
    tally.invalidLocCount += 1;
    return;
  }
  if (tally.sampleLocs.length < SAMPLE_LOCS) tally.sampleLocs.push(value);
  const host = new URL(value).hostname;
  if (tally.ownHost === null || host === tally.ownHost) return;
  tally.otherHostLocCount += 1;
  if (tally.otherHosts.includes(host)) return;
  if (tally.otherHosts.length < NAMED_OTHER_HOSTS) tally.otherHosts.push(host);
  else tally.moreOtherHosts = true;
}

function parseXml(source: string, warnings: SitemapWarningCode[], ownHost: string | null): Sitemap {
  const tally = emptyTally(null, null, ownHost);
  const stack: string[] = [];
  let elements = 0;
  let stopped = false;
  let capture: { name: 'loc' | 'lastmod'; depth: number; value: string } | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (stopped) return;
        elements += 1;
        if (elements > MAX_ELEMENTS || stack.length >= MAX_DEPTH) {
          stopped = true;
          return;
        }
        const local = localName(name);
        if (stack.length === 0 && tally.rootElement === null) {
          tally.rootElement = local;
          const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : null;
          tally.namespace = attributes[prefix === null ? 'xmlns' : `xmlns:${prefix}`]?.trim() ?? null;
        }
        const parent = stack[stack.length - 1];
        const inEntry = stack.length === 2 && (parent === 'url' || parent === 'sitemap');
        stack.push(local);
        if (inEntry && (local === 'loc' || local === 'lastmod')) capture = { name: local, depth: stack.length, value: '' };
      },
      ontext(data) {
        if (capture !== null && capture.value.length < MAX_VALUE_CHARS) capture.value += data;
      },
      onclosetag() {
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
  const errors: SitemapErrorCode[] = [];
  if (root === null) errors.push('NOT_A_SITEMAP');
  else if (root === 'html') errors.push('HTML');
  else if (tally.kind === null) errors.push('WRONG_ROOT');
  else if (tally.namespace !== SITEMAP_NAMESPACE) errors.push('WRONG_NAMESPACE');
  // A file cut at the caps is not whole, so only a whole one is held to XML's grammar.
  else if (!warnings.includes('TRUNCATED') && XMLValidator.validate(source) !== true) errors.push('NOT_WELL_FORMED');
  else errors.push(...locProblems(tally));
  return result(tally, errors, warnings);
}

// Crawlers take only absolute URLs on the sitemap's own host: a sitemap with none lists nothing.
function locProblems(tally: Tally): SitemapErrorCode[] {
  if (tally.locCount === 0) return ['NO_LOCS'];
  const absolute = tally.locCount - tally.invalidLocCount;
  if (absolute === 0) return ['NO_ABSOLUTE_LOCS'];
  return tally.ownHost !== null && tally.otherHostLocCount === absolute ? ['ONLY_OTHER_HOSTS'] : [];
}

function parseText(source: string, warnings: SitemapWarningCode[], ownHost: string | null): Sitemap {
  const tally = emptyTally('text', null, ownHost);
  const { lines, truncated } = splitLines(source, MAX_SITEMAP_CHARS, MAX_TEXT_LINES);
  if (truncated && !warnings.includes('TRUNCATED')) warnings.push('TRUNCATED');
  for (const line of lines) {
    const value = line.trim();
    if (value !== '') addLoc(tally, value.slice(0, MAX_VALUE_CHARS));
  }
  const validCount = tally.locCount - tally.invalidLocCount;
  // A text file with more non-URL lines than URLs is some other document, not a URL list.
  if (validCount === 0 || tally.invalidLocCount > validCount) {
    return result(emptyTally(null, null, ownHost), ['NOT_A_SITEMAP'], warnings);
  }
  return result(tally, locProblems(tally), warnings);
}

function result(tally: Tally, errors: SitemapErrorCode[], warnings: SitemapWarningCode[]): Sitemap {
  const allWarnings = [...warnings];
  if (tally.invalidLocCount > 0) allWarnings.push('INVALID_LOCS');
  if (tally.invalidLastmodCount > 0) allWarnings.push('INVALID_LASTMODS');
  if (tally.otherHostLocCount > 0) allWarnings.push('OTHER_HOSTS');
  if (tally.locCount > URL_LIMIT) allWarnings.push('OVER_URL_LIMIT');
  return {
    valid: errors.length === 0,
    kind: tally.kind,
    rootElement: tally.rootElement,
    namespace: tally.namespace,
    locCount: tally.locCount,
    sampleLocs: tally.sampleLocs,
    invalidLocCount: tally.invalidLocCount,
    otherHostLocCount: tally.otherHostLocCount,
    otherHosts: tally.otherHosts,
    moreOtherHosts: tally.moreOtherHosts,
    lastmodCount: tally.lastmodCount,
    invalidLastmodCount: tally.invalidLastmodCount,
    errors,
    warnings: allWarnings,
  };
}

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}
