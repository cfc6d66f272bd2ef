// How long one scan takes when every resource of the site answers after 200 ms, against the time
// of fetching one such resource, measured in the same run: probes run at once, so the scan should
// cost a few resource times (robots.txt before the sitemap it names, the homepage before the
// legal pages it links), not one per probe.
import { SiteFetcher } from '../src/application/ports/site-fetcher.js';
import { ScanSite } from '../src/application/scan/scan-site.js';
import { domainName } from '../src/domain/domain-name.js';
import { startDnsServer } from '../test/support/dns-server.js';
import { startFixtureSite } from '../test/support/fixture-site.js';
import { goodHomepageHandler, goodSiteFiles } from '../test/support/good-site.js';
import { createTestCa } from '../test/support/test-ca.js';
import { databaseKinds } from '../test/support/test-databases.js';
import { startTestService } from '../test/support/test-service.js';
import { percentile, round } from './progress.js';

const DELAY_MS = 200;
const RUNS = 7;
const GOAL_RATIO = 3;
const DOMAIN = 'slow.example.com';

export interface ScanLatency {
  readonly resourceDelayMs: number;
  readonly oneResourceMs: number;
  readonly scanMs: number;
  readonly probes: number;
  /** Median scan time over the median one-resource time. */
  readonly ratio: number;
  readonly goalRatio: number;
}

export async function benchScanLatency(): Promise<ScanLatency> {
  const ca = await createTestCa();
  const site = await startFixtureSite({ tls: await ca.issue([DOMAIN]) });
  const home = goodHomepageHandler(DOMAIN);
  site.route(`${DOMAIN}/`, { delayMs: DELAY_MS, handler: home });
  for (const [path, file] of Object.entries(goodSiteFiles(DOMAIN).https)) if (path !== '/') site.route(`${DOMAIN}${path}`, { ...file, delayMs: DELAY_MS });
  const dns = await startDnsServer({ [DOMAIN]: { A: ['127.0.0.1'] } });
  const t = await startTestService(
    databaseKinds()[0]!,
    { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32' },
    { fetcher: { ca: [ca.cert], portMap: site.portMap } },
  );
  try {
    const fetcher = t.service.container.get<SiteFetcher>(SiteFetcher);
    const scanSite = t.service.container.get(ScanSite);
    const one: number[] = [];
    const scans: number[] = [];
    let probes = 0;
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      await fetcher.fetch({ url: `https://${DOMAIN}/robots.txt`, maxBytes: 64 * 1024 });
      one.push(performance.now() - started);
      started = performance.now();
      const stored = await scanSite.run(domainName(DOMAIN));
      scans.push(performance.now() - started);
      probes = stored.report.evidence.length;
    }
    const oneResourceMs = round(percentile(one, 50), 0);
    const scanMs = round(percentile(scans, 50), 0);
    const ratio = round(scanMs / oneResourceMs, 2);
    console.log(`one resource answering after ${DELAY_MS} ms: ${oneResourceMs} ms (median of ${RUNS})`);
    console.log(`a scan of ${probes} probes on that site: ${scanMs} ms = ${ratio}x one resource (goal: at most ${GOAL_RATIO}x)`);
    return { resourceDelayMs: DELAY_MS, oneResourceMs, scanMs, probes, ratio, goalRatio: GOAL_RATIO };
  } finally {
    await t.stop();
    await site.close();
    await dns.close();
  }
}
