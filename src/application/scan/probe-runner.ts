import type { DomainName } from '../../domain/domain-name.js';
import { sitemapFromRobots } from '../../domain/scan/judge/crawl-checks.js';
import { DEFAULT_SITEMAP, PROBES, type ProbeId, type ProbeResult, type ProbeSpec } from '../../domain/scan/probes.js';
import type { FetchOutcome, SiteFetcher } from '../ports/site-fetcher.js';

/** Told after each probe ends, for progress lines. */
export type ProbeListener = (result: ProbeResult) => void;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Runs every probe of the methodology at once under one deadline; the sitemap waits for robots.txt
 * (the only dependent fetch). Results come back in evidence order, sitemap right after robots.txt.
 */
export async function runProbes(fetcher: SiteFetcher, domain: DomainName, signal: AbortSignal, onProbe?: ProbeListener): Promise<ProbeResult[]> {
  const run = async (spec: ProbeSpec, url = spec.url(domain)): Promise<ProbeResult> => {
    const outcome = await fetcher.fetch({ url, maxBytes: spec.maxBytes, headers: spec.accept ? { accept: spec.accept } : undefined, signal });
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
  const results = await Promise.all([...independent, sitemap]);
  const sitemapResult = results.pop()!;
  results.splice(robotsIndex + 1, 0, sitemapResult);
  return results;
}

function toProbeResult(probe: ProbeId, outcome: FetchOutcome): ProbeResult {
  if (!outcome.ok) {
    const f = outcome.failure;
    return { ok: false, probe, requestedUrl: f.requestedUrl, failedUrl: f.failedUrl, redirects: f.redirects, code: f.code, message: f.message, durationMs: f.durationMs };
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
    remoteAddress: r.remoteAddress,
    bodyText: decoder.decode(r.body),
    bodyBytes: r.body.byteLength,
    bodySha256: r.bodySha256,
    truncated: r.truncated,
    durationMs: r.durationMs,
    certificate: r.certificate ?? null,
  };
}
