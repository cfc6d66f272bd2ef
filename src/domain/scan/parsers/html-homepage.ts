import { Parser } from 'htmlparser2';
import { getDomain } from 'tldts';
import { summarizeJsonLd, MAX_JSON_LD_BLOCK_CHARS } from './json-ld-organization.js';
import type { JsonLdSummary } from './json-ld-organization.js';
import { chooseLink } from './link-choice.js';
import { classifyLink, LINK_KINDS } from './link-classification.js';
import type { LinkKind } from './link-classification.js';
import { trackLinkPlacements, type LinkPlacement } from './link-placement.js';
import { capText, collapseWhitespace, looksLikeHtml } from './text-helpers.js';

interface HomepageLink {
  /** Absolute URL (http, https, mailto or tel). */
  readonly href: string;
  readonly text: string;
  /** Same registrable domain as the page; null for mailto: and tel: links. */
  readonly sameSite: boolean | null;
  readonly kinds: readonly LinkKind[];
  /** In a footer or navigation, in running text, or elsewhere (see LinkPlacement). */
  readonly placement: LinkPlacement;
}

export interface HomepageFacts {
  readonly looksLikeHtml: boolean;
  readonly title: string | null;
  readonly metaDescription: string | null;
  readonly lang: string | null;
  /** `<link rel="canonical">` resolved against the page. */
  readonly canonical: string | null;
  readonly ogSiteName: string | null;
  readonly jsonLd: JsonLdSummary;
  /** The first MAX_LINKS links; `linkCount` counts all that were read. */
  readonly links: readonly HomepageLink[];
  readonly linkCount: number;
  /** Per kind, the link a reader takes for that page (chooseLink), same-site links preferred. */
  readonly keyLinks: Readonly<Record<LinkKind, string | null>>;
  /** WebMCP declarative tools: forms carrying `toolname`, with whether each has a `tooldescription` (first MAX_TOOLS). */
  readonly webMcpTools: readonly WebMcpTool[];
  /** The page was longer than MAX_HTML_CHARS, had more than MAX_ELEMENTS elements or nested too deep. */
  readonly truncated: boolean;
}

/** One form a page declares as a WebMCP tool. The name is site text: untrusted, bounded. */
interface WebMcpTool {
  readonly name: string;
  readonly described: boolean;
}

const MAX_TOOLS = 50;

const MAX_HTML_CHARS = 2 * 1024 * 1024;
const MAX_LINKS = 500;
const MAX_ELEMENTS = 100_000;
// htmlparser2 keeps open elements in an array it unshifts, so each open tag costs time in
// proportion to the nesting depth: unclosed tags by the thousand would make parsing quadratic.
const MAX_DEPTH = 1_000;
const MAX_JSON_LD_BLOCKS = 20;
const MAX_TEXT_CHARS = 300;
const MAX_HREF_CHARS = 2048;
const CHUNK_CHARS = 64 * 1024;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * Extracts what a trust check needs from a homepage: title, meta description, `<html lang>`,
 * canonical, OpenGraph site name, JSON-LD (with the schema.org Organization), and links
 * classified as privacy, terms, contact, about or imprint, each marked same-site or not.
 * Streams the first MAX_HTML_CHARS characters and stops after MAX_ELEMENTS elements or at
 * MAX_DEPTH open elements. Never
 * throws: anything that is not HTML simply yields nulls and empty lists.
 */
export function extractHomepageFacts(html: string, baseUrl: string): HomepageFacts {
  const { text: source, truncated: cut } = capText(html, MAX_HTML_CHARS);
  let base = safeUrl(typeof baseUrl === 'string' ? baseUrl : '', null);
  const pageSite = base === null ? null : siteOf(base);
  let title: string | null = null;
  let metaDescription: string | null = null;
  let lang: string | null = null;
  let canonical: string | null = null;
  let ogSiteName: string | null = null;
  const links: Array<Omit<HomepageLink, 'placement'> & { n: number }> = [];
  // Classified links, the ones keyLinks choose from, kept apart so that MAX_LINKS plain links cannot push them out.
  const classified: Array<Omit<HomepageLink, 'placement'> & { n: number }> = [];
  const placements = trackLinkPlacements();
  let linkCount = 0;
  const jsonLdBlocks: string[] = [];
  let jsonLdBlockCount = 0;
  const webMcpTools: WebMcpTool[] = [];
  let elements = 0;
  let depth = 0;
  let stopped = false;
  let svgDepth = 0;
  let capture: { kind: 'title' | 'jsonld' | 'anchor'; text: string; href: URL | null; label: string; n: number } | null = null;

  const finishAnchor = (): void => {
    if (capture?.kind !== 'anchor' || capture.href === null) return;
    const href = capture.href;
    const text = collapseWhitespace(capture.text, MAX_TEXT_CHARS) || collapseWhitespace(capture.label, MAX_TEXT_CHARS);
    const sameSite = href.protocol === 'http:' || href.protocol === 'https:' ? pageSite !== null && siteOf(href) === pageSite : null;
    const link = { href: href.href, text, sameSite, kinds: classifyLink(href, text), n: capture.n };
    linkCount += 1;
    if (links.length < MAX_LINKS) links.push(link);
    if (link.kinds.length > 0 && classified.length < MAX_LINKS) classified.push(link);
  };

  const parser = new Parser({
    onopentag(name, attribs) {
      if (stopped) return;
      elements += 1;
      depth += 1;
      if (elements > MAX_ELEMENTS || depth > MAX_DEPTH) {
        stopped = true;
        return;
      }
      placements.open(name, attribs, depth);
      if (name === 'svg') svgDepth += 1;
      const attr = (key: string): string => (attribs[key] ?? '').trim();
      if (name === 'html' && lang === null) lang = attr('lang').slice(0, 35) || null;
      else if (name === 'base' && linkCount === 0) base = safeUrl(attr('href'), base) ?? base;
      else if (name === 'meta') {
        const key = (attr('name') || attr('property')).toLowerCase();
        const content = collapseWhitespace(attr('content'), 1000) || null;
        if (key === 'description' && metaDescription === null) metaDescription = content;
        if (key === 'og:site_name' && ogSiteName === null) ogSiteName = content;
      } else if (name === 'link' && canonical === null && /(?:^|\s)canonical(?:\s|$)/i.test(attr('rel'))) {
        canonical = safeUrl(attr('href'), base)?.href ?? null;
      } else if (name === 'title' && title === null && svgDepth === 0) {
        capture = { kind: 'title', text: '', href: null, label: '', n: -1 };
      } else if (name === 'script' && attr('type').split(';')[0]?.trim().toLowerCase() === 'application/ld+json') {
        jsonLdBlockCount += 1;
        if (jsonLdBlocks.length < MAX_JSON_LD_BLOCKS) capture = { kind: 'jsonld', text: '', href: null, label: '', n: -1 };
      } else if (name === 'a') {
        finishAnchor();
        const href = attr('href').slice(0, MAX_HREF_CHARS);
        const url = href === '' ? null : safeUrl(href, base);
        const n = placements.link();
        capture = {
          kind: 'anchor',
          text: '',
          href: url !== null && LINK_PROTOCOLS.has(url.protocol) ? url : null,
          label: attr('aria-label') || attr('title'),
          n,
        };
      } else if (name === 'form' && attr('toolname') !== '' && webMcpTools.length < MAX_TOOLS) {
        webMcpTools.push({ name: attr('toolname').slice(0, 128), described: attr('tooldescription') !== '' });
      } else if (name === 'img' && capture?.kind === 'anchor' && capture.label === '') {
        capture.label = attr('alt');
      }
    },
    ontext(data) {
      if (stopped) return;
      if (capture === null) {
        placements.text(data);
        return;
      }
      const limit = capture.kind === 'jsonld' ? MAX_JSON_LD_BLOCK_CHARS + 1 : MAX_TEXT_CHARS * 4;
      if (capture.text.length < limit) capture.text += data.slice(0, limit - capture.text.length);
    },
    onclosetag(name) {
      if (stopped) return;
      placements.close(depth);
      depth -= 1;
      if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
      if (capture === null) return;
      if (name === 'title' && capture.kind === 'title') {
        title = collapseWhitespace(capture.text, MAX_TEXT_CHARS) || null;
        capture = null;
      } else if (name === 'script' && capture.kind === 'jsonld') {
        jsonLdBlocks.push(capture.text);
        capture = null;
      } else if (name === 'a' && capture.kind === 'anchor') {
        finishAnchor();
        capture = null;
      }
    },
  });
  try {
    for (let offset = 0; offset < source.length && !stopped; offset += CHUNK_CHARS) {
      parser.write(source.slice(offset, offset + CHUNK_CHARS));
    }
    if (!stopped) parser.end();
  } catch {
    stopped = true;
  }

  const summary = summarizeJsonLd(jsonLdBlocks);
  const placed = placements.finish();
  const place = ({ n, ...link }: (typeof links)[number]): HomepageLink => ({ ...link, placement: placed[n] ?? 'other' });
  const candidates = classified.map(place);
  const keyLinks = Object.fromEntries(LINK_KINDS.map((kind) => [kind, chooseLink(candidates, [kind], (l) => l.sameSite === true)?.href ?? null])) as Record<
    LinkKind,
    string | null
  >;
  return {
    looksLikeHtml: looksLikeHtml(source),
    title,
    metaDescription,
    lang,
    canonical,
    ogSiteName,
    jsonLd: { ...summary, blockCount: jsonLdBlockCount, invalidBlockCount: summary.invalidBlockCount + (jsonLdBlockCount - jsonLdBlocks.length) },
    links: links.map(place),
    linkCount,
    keyLinks,
    webMcpTools,
    truncated: cut || stopped,
  };
}

/** `href` resolved against `base`; without a base only absolute URLs resolve. */
function safeUrl(href: string, base: URL | null): URL | null {
  try {
    return new URL(href, base ?? undefined);
  } catch {
    return null;
  }
}

/** The registrable domain (public suffix list, private suffixes included), else the host itself. */
function siteOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
