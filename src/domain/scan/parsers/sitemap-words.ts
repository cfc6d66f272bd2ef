import { SITEMAP_NAMESPACE, type Sitemap, type SitemapErrorCode, type SitemapWarningCode } from './sitemap-xml.js';
import { counted, listed } from '../words.js';

/** Why a sitemap cannot be used, a sentence per error code, in words a site owner can act on. */
export const SITEMAP_PROBLEMS: Readonly<Record<SitemapErrorCode, string>> = {
  EMPTY: "It is empty: list the site's pages in a urlset.",
  HTML: 'It answers with an HTML page, not a sitemap: serve the XML file itself, and answer 404 where there is none.',
  NOT_A_SITEMAP: 'It is neither XML nor a list of one URL a line.',
  WRONG_ROOT: 'Its XML root is neither urlset nor sitemapindex, the two roots sitemaps.org defines.',
  WRONG_NAMESPACE: `Its root element is not in the sitemaps.org namespace: declare xmlns="${SITEMAP_NAMESPACE}" exactly (http, not https, with www), or crawlers read it as another kind of XML.`,
  NOT_WELL_FORMED:
    'It is not well-formed XML (a tag is left open, closed twice or closed in the wrong order), and crawlers reject such a file: check it with an XML validator.',
  NO_LOCS: 'It lists no URL: give each url (or sitemap) entry a loc.',
  NO_ABSOLUTE_LOCS: 'None of its locations is an absolute URL: write each in full, starting with https:// and the host.',
  ONLY_OTHER_HOSTS:
    "Every URL it lists is on another host, and sitemaps.org counts only URLs on the sitemap's own host: list this host's pages, or publish the sitemap on the host it describes.",
};

/** What a usable sitemap still gets wrong, a sentence per warning code, given the sitemap's own host. */
export const SITEMAP_NOTES: Readonly<Record<SitemapWarningCode, (s: Sitemap, ownHost: string) => string>> = {
  TRUNCATED: () => 'It is larger than a scan reads; only its beginning was counted.',
  INVALID_LOCS: (s) =>
    `${counted(s.invalidLocCount, 'location')} ${s.invalidLocCount === 1 ? 'is not an absolute URL' : 'are not absolute URLs'}; sitemaps.org wants each written in full, with https://.`,
  INVALID_LASTMODS: (s) =>
    `${counted(s.invalidLastmodCount, 'lastmod date')} ${s.invalidLastmodCount === 1 ? 'is' : 'are'} not W3C Datetime (such as 2026-01-31).`,
  OTHER_HOSTS: (s, own) =>
    `${counted(s.otherHostLocCount, 'URL')} ${s.otherHostLocCount === 1 ? 'is' : 'are'} on another host than the sitemap's own (${otherHosts(s, own)}); sitemaps.org counts only URLs on the sitemap's own host, so crawlers skip ${s.otherHostLocCount === 1 ? 'it' : 'them'}.`,
  OVER_URL_LIMIT: (s) =>
    `It lists ${s.locCount.toLocaleString('en-US')} URLs, over the 50,000 sitemaps.org allows in one file: split it and list the parts in a sitemap index.`,
};

// Details never quote the site: a host is named only when it is the scanned name with or without
// `www.`; any other is counted and left to the sitemap's evidence, which is labelled untrusted.
function otherHosts(s: Sitemap, own: string): string {
  const apex = own.replace(/^www\./, '');
  const siblings = s.otherHosts.filter((host) => host === apex || host === `www.${apex}`);
  const strangers = s.otherHosts.length - siblings.length;
  if (strangers === 0 && !s.moreOtherHosts) return listed(siblings);
  const rest = s.moreOtherHosts ? 'other hosts' : counted(strangers, 'other host');
  return `${siblings.length > 0 ? `${listed(siblings)} and ` : ''}${rest}, listed in the sitemap's evidence`;
}
