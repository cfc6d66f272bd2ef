import type { DomainName } from '../../domain/domain-name.js';
import { sitemapFromRobots } from '../../domain/scan/judge/crawl-checks.js';
import { legalPageSources } from '../../domain/scan/judge/legal-pages.js';
import { isSuccess } from '../../domain/scan/judge/observations.js';
import { extractHomepageFacts } from '../../domain/scan/parsers/html-homepage.js';
import { DEFAULT_SITEMAP, LEGAL_PAGE_FETCH, PROBES, type ProbeId, type ProbeResponse, type ProbeResult, type ProbeSpec } from '../../domain/scan/probes.js';
import type { FetchOutcome, SiteFetcher } from '../ports/site-fetcher.js';

/** Told after each probe ends, for progress lines. */
export type ProbeListener = (result: ProbeResult) => void;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Runs every probe of the methodology at once under one deadline. Only two steps wait for another:
 * the sitemap for robots.txt, and the linked privacy, terms and contact pages for the homepage.
 * Results come back in evidence order: sitemap right after robots.txt, the linked pages last.
 */
export async function runProbes(fetcher: SiteFetcher, domain: DomainName, signal: AbortSignal, onProbe?: ProbeListener): Promise<ProbeResult[]> {
  const run = async (spec: ProbeSpec, url = spec.url(domain)): Promise<ProbeResult> => {
    const headers = { ...(spec.accept ? { accept: spec.accept } : {}), ...spec.headers };
    const outcome = await fetcher.fetch({ url, maxBytes: spec.maxBytes, headers: Object.keys(headers).length > 0 ? headers : undefined, signal });
    const result = toProbeResult(spec.id, outcome);
    onProbe?.(result);
    return result;
  };
  const independent = PROBES.map((spec) => run(spec));
  const robotsIndex = PROBES.findIndex((p) => p.id === 'robots_txt');
  const sitemap = independent[robotsIndex]!.then((robots) => {
    const named = robots.ok && robots.status >= 200 && robots.status < 300 ? sitemapFromRobots(robots.bodyText, domain) : undefined;
    return run(DEFAULT_SITEMAP, named ?? DEFAULT_SITEMAP.url(domain));
  });
  const homepage = async (): Promise<ProbeResponse | undefined> => {
    for (const id of ['https_root', 'http_root'] as const) {
      const result = await independent[PROBES.findIndex((p) => p.id === id)]!;
      if (result.ok && isSuccess(result)) return result;
    }
    return undefined;
  };
  const fetchLegalPages = async (home: ProbeResponse): Promise<ProbeResult[]> => {
    const byUrl = new Map<string, Promise<FetchOutcome>>();
    const pages = legalPageSources(home, extractHomepageFacts(home.bodyText, home.finalUrl)).flatMap((s) => (s.from === 'probe' ? [s] : []));
    return Promise.all(
      pages.map(async (page) => {
        // Privacy and terms on one page are fetched once and recorded under both names.
        if (!byUrl.has(page.url))
          byUrl.set(page.url, fetcher.fetch({ url: page.url, maxBytes: LEGAL_PAGE_FETCH.maxBytes, headers: { accept: LEGAL_PAGE_FETCH.accept }, signal }));
        const result = toProbeResult(page.probe, await byUrl.get(page.url)!);
        onProbe?.(result);
        return result;
      }),
    );
  };
  const legalPages = homepage().then((home) => (home ? fetchLegalPages(home) : []));
  const [results, sitemapResult, pageResults] = await Promise.all([Promise.all(independent), sitemap, legalPages]);
  results.splice(robotsIndex + 1, 0, sitemapResult);
  return [...results, ...pageResults];
}

function toProbeResult(probe: ProbeId, outcome: FetchOutcome): ProbeResult {
  if (!outcome.ok) {
    const f = outcome.failure;
    return {
      ok: false,
      probe,
      requestedUrl: f.requestedUrl,
      failedUrl: f.failedUrl,
      redirects: f.redirects,
      code: f.code,
      message: f.message,
      durationMs: f.durationMs,
    };
  }
  const r = outcome.resource;
  return {
    ok: true,
    probe,
    requestedUrl: r.requestedUrl,
    finalUrl: r.finalUrl,
    redirects: r.redirects,
    status: r.status,
    headers: r.headers,
    setCookies: r.setCookies ?? [],
    remoteAddress: r.remoteAddress,
    bodyText: decoder.decode(r.body),
    bodyBytes: r.body.byteLength,
    bodySha256: r.bodySha256,
    truncated: r.truncated,
    durationMs: r.durationMs,
    certificate: r.certificate ?? null,
  };
}
