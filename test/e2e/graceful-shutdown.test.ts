import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService } from '../support/test-service.js';

describe('graceful shutdown', function () {
  this.timeout(30_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let caCert: string;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['slow.example.com']) });
    site.route('slow.example.com/', { delayMs: 1500, body: '<html><title>slow</title></html>' });
    dns = await startDnsServer({ 'slow.example.com': { A: ['127.0.0.1'] } });
    caCert = ca.cert;
  });
  after(async () => {
    await site.close();
    await dns.close();
  });

  it('finishes a request in flight, then refuses new connections', async () => {
    const t = await startTestService(
      databaseKinds()[0]!,
      { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32' },
      { fetcher: { ca: [caCert], portMap: site.portMap } },
    );
    const inFlight = t.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"domain":"slow.example.com"}' });
    await new Promise((r) => setTimeout(r, 300));
    const stopping = t.service.stop();
    const res = await inFlight;
    expect(res.status).to.equal(201);
    expect(((await res.json()) as any).data.domain).to.equal('slow.example.com');
    await stopping;
    const refused = await t.get('/status').then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).to.equal('refused');
    await t.database.dispose();
  });
});
