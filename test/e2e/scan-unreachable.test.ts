import { expect } from 'chai';
import { verifyReportSignature } from '../../src/adapters/signing/verify-report-signature.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { OpenApiCheck } from '../support/openapi-check.js';
import { databaseKinds } from '../support/test-databases.js';
import { closedPorts } from '../support/closed-port.js';
import { startTestService, type TestService } from '../support/test-service.js';

const BASE = 'https://vetted.example.org';

describe('scanning a site that cannot be reached, over HTTP against a real local DNS server', function () {
  this.timeout(60_000);
  let dns: TestDnsServer;
  let t: TestService;
  let checker: OpenApiCheck;
  let closed: number[];

  before(async () => {
    // Ports nothing listens on, and that no parallel test's server can be given: a connection to them is refused.
    closed = await closedPorts(2);
    dns = await startDnsServer({ 'refused.example.com': { A: ['127.0.0.1'] } });
    t = await startTestService(
      databaseKinds()[0]!,
      { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', BASE_URL: BASE },
      { fetcher: { portMap: { 443: closed[0]!, 80: closed[1]! }, resourceTimeoutMs: 3000 } },
    );
    checker = await OpenApiCheck.of((path) => t.get(path));
  });
  after(async () => {
    await t?.stop();
    await dns?.close();
  });

  const local = (url: string) => url.replace(BASE, '');

  async function scan(domain: string): Promise<any> {
    const res = await t.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain }) });
    return ((await checker.expectDeclared(res, '/api/scan', 'post', 201)) as any).data;
  }

  for (const [domain, reason, code] of [
    ['gone.example.com', 'the name does not resolve', 'DNS_FAILURE'],
    ['refused.example.com', 'connection refused on 443 and 80', 'CONNECT_FAILED'],
  ] as const) {
    it(`answers ${domain} unknown with the reason "${reason}", one finding, no score and no fix, in JSON, Markdown and HTML`, async () => {
      const data = await scan(domain);
      expect(data).to.include({ domain, score: null });
      expect(data.readiness).to.deep.include({ value: 'unknown', score: null, reasons: [`the site could not be reached: ${reason}`] });

      const json = (await checker.expectDeclared(await t.get(local(data.json_url)), '/reports/{file}', 'get', 200)) as any;
      expect(json).to.deep.include({ score: null, reachable: false, https_valid: false, declarations: [] });
      expect(json.checks).to.have.length(1);
      expect(json.checks[0]).to.deep.include({ id: 'site_reachable', status: 'error', points: 0, max: 0 });
      expect(json.checks[0].detail).to.equal(
        `The site could not be reached: ${reason}. No check was judged and no score given; a scan once the site answers judges it.`,
      );
      expect(json.evidence.map((e: { error_code: string }) => e.error_code)).to.satisfy(
        (codes: string[]) => codes.length > 10 && codes.every((c) => c === code),
      );
      expect(json.scope.paths).to.include(`http://${domain}/`).and.include('/robots.txt').and.not.include('http:/');
      const jwks = (await (await t.get('/.well-known/jwks.json')).json()) as any;
      const { links, content_sha256, signature, ...content } = json;
      expect(
        verifyReportSignature(content, { contentSha256: content_sha256, algorithm: 'Ed25519', keyId: signature.kid, value: signature.value }, jwks),
      ).to.equal(true);

      const markdown = await (await t.get(local(data.markdown_url))).text();
      expect(markdown).to.include(`**Readiness: UNKNOWN** (the site could not be reached: ${reason})`);
      expect(markdown).to.include('- Score: not judged: the site could not be reached\n');
      expect(markdown).to.not.include('How to fix').and.not.include('Install a certificate');
      const html = await (await t.get(local(data.report_url))).text();
      expect(html).to.include('<dt>Score</dt><dd>not judged: the site could not be reached</dd>');
      expect(html).to.include(`<h2>Not judged</h2>\n<p>The site could not be reached: ${reason}.`);
      expect(html).to.not.include('to fix</h2>').and.not.include('Install a certificate');

      const verify = (await (await t.get(`/verify/${domain}`)).json()) as any;
      expect(verify.data.readiness).to.deep.include({ value: 'unknown', score: null, reasons: [`the site could not be reached: ${reason}`] });
    });
  }
});
