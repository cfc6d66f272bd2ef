// What reading a sitemap gives (see parseSitemap in sitemap-xml.ts).

/** The form a sitemap was written in. */
export type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

export type SitemapErrorCode =
  | 'EMPTY'
  | 'HTML'
  | 'NOT_A_SITEMAP'
  | 'WRONG_ROOT'
  | 'WRONG_NAMESPACE'
  | 'NOT_WELL_FORMED'
  | 'NO_LOCS'
  | 'NO_ABSOLUTE_LOCS'
  | 'ONLY_OTHER_HOSTS';

export type SitemapWarningCode = 'TRUNCATED' | 'INVALID_LOCS' | 'INVALID_LASTMODS' | 'OTHER_HOSTS' | 'OVER_URL_LIMIT';

export interface Sitemap {
  /** True when there are no errors (warnings may remain). */
  readonly valid: boolean;
  readonly kind: SitemapKind | null;
  /** Local name of the XML root element (namespace prefix dropped), null for text. */
  readonly rootElement: string | null;
  /** The namespace the XML root element is in, as declared (null for text or none declared). */
  readonly namespace: string | null;
  /** `<loc>` elements of `<url>`/`<sitemap>` entries (or URL lines), within the parse caps. */
  readonly locCount: number;
  /** The first SAMPLE_LOCS absolute http(s) locations. */
  readonly sampleLocs: readonly string[];
  /** Locations that are not absolute http(s) URLs (sitemaps.org wants fully qualified URLs). */
  readonly invalidLocCount: number;
  /** Locations on another host than the sitemap's own (sitemaps.org: such URLs are not valid in it). */
  readonly otherHostLocCount: number;
  /** The first few of those other hosts, each once. */
  readonly otherHosts: readonly string[];
  /** More other hosts than `otherHosts` names. */
  readonly moreOtherHosts: boolean;
  readonly lastmodCount: number;
  /** `<lastmod>` values that are not W3C Datetime. */
  readonly invalidLastmodCount: number;
  readonly errors: readonly SitemapErrorCode[];
  readonly warnings: readonly SitemapWarningCode[];
}
