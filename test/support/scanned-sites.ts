import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from './dns-server.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import { createTestCa } from './test-ca.js';
import { databaseKinds } from './test-databases.js';
import { startTestService, type TestService } from './test-service.js';

/** Local HTTPS sites, each scanned once through POST /api/scan, with their stored JSON reports by host. */
export interface ScannedSites {
  readonly site: FixtureSite;
  readonly service: TestService;
  readonly reports: ReadonlyMap<string, any>;
  stop(): Promise<void>;
}

/**
 * Serves `hosts` from one fixture site (a certificate of a test CA naming them all, a local DNS
 * answering 127.0.0.1), lets `route` fill its routes, then scans each host with a test service
 * and keeps the signed report's JSON. `env` adds to the service's settings.
 */
export async function scanSites(hosts: readonly string[], route: (site: FixtureSite) => void, env: Record<string, string> = {}): Promise<ScannedSites> {
  const ca = await createTestCa();
  const site = await startFixtureSite({ tls: await ca.issue([...hosts]) });
  let dns: TestDnsServer | undefined;
  let service: TestService | undefined;
  const stop = async () => {
    await service?.stop();
    await site.close();
    await dns?.close();
  };
  try {
    route(site);
    dns = await startDnsServer(Object.fromEntries(hosts.map((host) => [host, { A: ['127.0.0.1'] }])));
    service = await startTestService(
      databaseKinds()[0]!,
      { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', BASE_URL: 'https://vetted.example.org', SCAN_LIMIT_PER_CLIENT_HOUR: '100', ...env },
      // These suites judge what sites serve, not how fast: a local page can take seconds to come back
      // on a machine running four suites (and, in test:clock, libfaketime) beside them.
      { fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 8000 } },
    );
    const reports = new Map<string, any>();
    for (const host of hosts) {
      const res = await service.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: host }) });
      expect(res.status, await res.clone().text()).to.equal(201);
      const { data } = (await res.json()) as any;
      reports.set(host, await (await service.get(new URL(data.json_url).pathname)).json());
    }
    return { site, service, reports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
