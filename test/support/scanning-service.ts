import type { ContainerOptions } from '../../src/main.js';
import { startDnsServer, type TestDnsServer } from './dns-server.js';
import type { FixtureSite } from './fixture-site.js';
import type { TestCa } from './test-ca.js';
import { databaseKinds } from './test-databases.js';
import { freePort, startTestService, type TestService } from './test-service.js';

/**
 * A service that scans the local HTTPS `site` (its certificates from `ca`), each of `hosts`
 * resolving to 127.0.0.1 through a test DNS server, at a port of its own so that its BASE_URL is
 * its real address (what a browser follows). `env` and `options` add to, or override, those.
 */
export async function startScanningService(
  hosts: readonly string[],
  ca: TestCa,
  site: FixtureSite,
  env: Record<string, string> = {},
  options: Pick<ContainerOptions, 'jobTimings'> = {},
): Promise<{ t: TestService; dns: TestDnsServer }> {
  const dns = await startDnsServer(Object.fromEntries(hosts.map((host) => [host, { A: ['127.0.0.1'] }])));
  const port = await freePort();
  const t = await startTestService(
    databaseKinds()[0]!,
    { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', ...env },
    { fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 3000 }, ...options },
  );
  return { t, dns };
}
