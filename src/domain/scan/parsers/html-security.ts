import { walkBoundedHtml } from './bounded-html.js';
import { parseMetaReferrer, type ReferrerPolicy } from './response-headers.js';
import { capText } from './text-helpers.js';

/** A script or stylesheet a page loads from another origin. */
interface Subresource {
  readonly kind: 'script' | 'stylesheet';
  /** Loaded over plain http: (mixed content, blocked by browsers, a sign of a stale page). */
  readonly insecure: boolean;
  /** Carries an `integrity` attribute with at least one well-formed sha256/384/512 digest. */
  readonly integrity: boolean;
}

/** What a homepage's markup says about its own protection. */
export interface HtmlSecurityFacts {
  /** `<meta http-equiv="Content-Security-Policy" content>` values inside `<head>` (first 5). */
  readonly metaCsp: readonly string[];
  /**
   * The policy the `<meta name="referrer">` elements leave the document with: browsers apply each
   * in document order, so the last with a valid value wins; null when none has one.
   */
  readonly metaReferrer: ReferrerPolicy | null;
  /** Scripts and stylesheets from another origin (first MAX_SUBRESOURCES). */
  readonly crossOrigin: readonly Subresource[];
}

const MAX_HTML_CHARS = 2 * 1024 * 1024;
const MAX_SUBRESOURCES = 200;
const MAX_META = 5;
const INTEGRITY = /(?:^|\s)sha(?:256|384|512)-[A-Za-z0-9+/_-]{20,}={0,2}(?:\?\S*)?(?=\s|$)/;

/**
 * Reads a homepage for its own security signals: CSP and referrer policies delivered in `<meta>`
 * (CSP only inside `<head>`, where browsers honour it; a referrer policy anywhere in the page),
 * and the scripts and stylesheets it loads from other origins with whether each carries
 * Subresource Integrity. URLs resolve against the page (and a `<base href>`). Bounded like the
 * homepage parser; never throws.
 */
export function readHtmlSecurity(html: string, pageUrl: string): HtmlSecurityFacts {
  const { text: source } = capText(typeof html === 'string' ? html : '', MAX_HTML_CHARS);
  let base = safeUrl(pageUrl, undefined);
  const origin = base?.origin ?? null;
  const metaCsp: string[] = [];
  let metaReferrer: ReferrerPolicy | null = null;
  const crossOrigin: Subresource[] = [];
  // Until <body> opens or </head> closes, a <meta> is in the (possibly implied) head.
  let inHead = true;
  const add = (kind: Subresource['kind'], ref: string | undefined, integrity: string | undefined) => {
    const url = ref ? safeUrl(ref, base ?? undefined) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === origin || crossOrigin.length >= MAX_SUBRESOURCES) return;
    crossOrigin.push({ kind, insecure: url.protocol === 'http:', integrity: INTEGRITY.test(integrity ?? '') });
  };
  walkBoundedHtml(source, {
    onopentag(name, attrs) {
      if (name === 'body') inHead = false;
      else if (name === 'base' && attrs.href && base) base = safeUrl(attrs.href, base) ?? base;
      else if (name === 'meta') {
        const equiv = (attrs['http-equiv'] ?? '').trim().toLowerCase();
        if (equiv === 'content-security-policy' && inHead && attrs.content !== undefined && metaCsp.length < MAX_META) metaCsp.push(attrs.content);
        // WHATWG HTML matches the name ASCII case-insensitively, untrimmed.
        if ((attrs.name ?? '').toLowerCase() === 'referrer') metaReferrer = parseMetaReferrer(attrs.content) ?? metaReferrer;
      } else if (name === 'script') add('script', attrs.src, attrs.integrity);
      else if (name === 'link' && /(?:^|\s)stylesheet(?:\s|$)/i.test(attrs.rel ?? '')) add('stylesheet', attrs.href, attrs.integrity);
    },
    onclosetag(name) {
      if (name === 'head') inHead = false;
    },
  });
  return { metaCsp, metaReferrer, crossOrigin };
}

function safeUrl(href: string, base: URL | undefined): URL | null {
  try {
    return new URL(href.trim(), base);
  } catch {
    return null;
  }
}
