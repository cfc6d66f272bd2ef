import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: FORM,
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
});

/** The links of a mail's text, quoted-printable soft breaks undone. */
function linksOf(raw: string): { confirm: string; page: string } {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const path = (pattern: RegExp) => new URL(pattern.exec(text)![0]).pathname;
  return { confirm: path(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/), page: path(/https?:\/\/\S+\/registrations\/[A-Za-z0-9_-]+/) };
}

for (const kind of databaseKinds()) {
  describe(`registering in the browser's way: the form, the registration page and Check now (${kind.name})`, function () {
    this.timeout(60_000);
    let site: FixtureSite;
    let dns: TestDnsServer;
    let smtp: SmtpSink;
    let t: TestService;

    before(async () => {
      const ca = await createTestCa();
      site = await startFixtureSite({ tls: await ca.issue(['shop.example.com']) });
      dns = await startDnsServer({ 'shop.example.com': { A: ['127.0.0.1'] } });
      smtp = await startSmtpSink();
      t = await startTestService(
        kind,
        { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', SMTP_URL: smtp.url, BASE_URL: 'https://vetted.example.org' },
        { fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 3000 } },
      );
    });
    after(async () => {
      await t?.stop();
      await smtp?.close();
      await site?.close();
      await dns?.close();
    });

    it('serves the form at GET /register: no script, every field labelled, the five types', async () => {
      const res = await t.get('/register');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).to.contain("default-src 'none'").and.contain("form-action 'self'");
      const html = await res.text();
      expect(html).to.contain('<form method="post" action="/register">').and.not.contain('<script');
      for (const field of ['domain', 'entity_name', 'entity_type', 'contact_email', 'website'])
        expect(html).to.contain(`<label for="${field}">`).and.contain(`name="${field}"`);
      expect([...html.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).to.deep.equal(['organization', 'business', 'individual', 'api', 'infrastructure']);
    });

    it('sends the form back (400) with what was typed and each problem beside its field, and stores nothing', async () => {
      const res = await t.get(
        '/register',
        form({ domain: 'co.uk', entity_name: 'Shop <b>Ltd</b>', entity_type: 'business', contact_email: 'nope', website: '' }),
      );
      expect(res.status).to.equal(400);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const html = await res.text();
      expect(html).to.contain('class="error-summary"').and.contain('<a href="#contact_email">');
      expect(html).to.match(/id="contact_email-problem">The contact e-mail must be an e-mail address/);
      expect(html).to.contain('value="Shop &lt;b&gt;Ltd&lt;/b&gt;"').and.contain('<option value="business" selected>');
      const domainRefused = await (await t.get('/register', form({ domain: 'co.uk', entity_name: 'Shop', contact_email: 'owner@shop.example.com' }))).text();
      expect(domainRefused).to.match(/id="domain-problem">Invalid domain &quot;co\.uk&quot;/);
      expect(
        await t.database
          .db('registrations')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      ).to.equal(0);
    });

    it('keeps the JSON API as it was, with the page as an additive field', async () => {
      const res = await t.get('/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'api.example.com', entity_name: 'Api', contact_email: 'api@example.com' }),
      });
      expect(res.status).to.equal(201);
      const { data } = (await res.json()) as any;
      expect(data).to.include({ domain: 'api.example.com', status: 'pending' });
      expect(data.registration_page).to.match(/^https:\/\/vetted\.example\.org\/registrations\/[A-Za-z0-9_-]{40,}$/);
      const refused = await t.get('/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'x.example.com', entity_name: 'X' }),
      });
      expect(await refused.json()).to.deep.equal({ success: false, error: { code: 'VALIDATION_ERROR', message: 'contact_email is required.' } });
      expect((await t.get('/register', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).to.equal(415);
    });

    it('redirects a good form (303) to the page, mails both links, checks now without verifying, limits checks, and the mailed link verifies', async () => {
      const res = await t.get(
        '/register',
        form({ domain: 'shop.example.com', entity_name: 'Shop Ltd', entity_type: 'business', contact_email: 'owner@shop.example.com' }),
      );
      expect(res.status).to.equal(303);
      const page = res.headers.get('location')!;
      expect(page).to.match(/^\/registrations\/[A-Za-z0-9_-]{40,}$/);
      const links = linksOf(smtp.messages.at(-1)!.raw);
      expect(links.page).to.equal(page);
      const token = page.split('/').pop()!;
      const stored = await t.database.db('registrations').where({ domain: 'shop.example.com' }).first();
      expect(JSON.stringify(stored)).not.to.contain(token);

      const shown = await t.get(page);
      expect(shown.status).to.equal(200);
      expect(shown.headers.get('cache-control')).to.equal('no-store');
      expect(shown.headers.get('access-control-allow-origin')).to.equal(null);
      const html = await shown.text();
      expect(html).to.contain('<meta name="robots" content="noindex">').and.contain('Pending');
      expect(html).to.contain('value="_vetted-challenge.shop.example.com"').and.contain(`value="vetted-verification=${stored.verification_code}"`);
      expect(html).to.contain(`value="verification_code: ${stored.verification_code}"`).and.contain(`action="${page}/check"`);

      dns.set('_vetted-challenge.shop.example.com', { TXT: [['vetted-verification=<b>wrong</b>']] });
      site.route('shop.example.com/.well-known/vetted-verification.txt', {
        status: 404,
        headers: { 'content-type': 'text/plain' },
        body: 'Nothing <i>here</i>\nmore',
      });
      const checked = await t.get(`${page}/check`, { method: 'POST', headers: FORM, body: '' });
      expect(checked.status).to.equal(200);
      const result = await checked.text();
      expect(result).to.contain('<code>vetted-verification=&lt;b&gt;wrong&lt;/b&gt;</code>').and.contain('as the domain wrote them');
      expect(result).to.contain('HTTP 404').and.contain('<code>Nothing &lt;i&gt;here&lt;/i&gt;</code>').and.contain('Not found yet');
      const attempts = await t.database.db('verification_attempts').where({ registration_id: stored.id });
      expect(attempts.length).to.be.at.least(3);
      expect(JSON.stringify(attempts)).not.to.contain('wrong').and.not.to.contain('Nothing');

      const soon = await t.get(`${page}/check`, { method: 'POST', headers: FORM, body: '' });
      expect(soon.status).to.equal(429);
      const wait = Number(soon.headers.get('retry-after'));
      expect(wait).to.be.within(1, 10);
      expect(await soon.text())
        .to.contain(`can run again in ${wait} second`)
        .and.contain('TXT records, none with the code');
      expect(
        await t.database
          .db('verification_attempts')
          .where({ registration_id: stored.id })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      ).to.equal(attempts.length);

      dns.set('_vetted-challenge.shop.example.com', { TXT: [[`vetted-verification=${stored.verification_code}`]] });
      await t.database.db('registrations').where({ id: stored.id }).update({ checked_at: '2020-01-01T00:00:00.000Z' });
      const proven = await (await t.get(`${page}/check`, { method: 'POST', headers: FORM, body: '' })).text();
      expect(proven).to.contain('The proof is in place').and.contain('Check now');
      expect(((await (await t.get('/verify/shop.example.com')).json()) as any).data.verified, 'Check now never verifies').to.equal(false);

      expect(await (await t.get(links.confirm)).text()).to.contain('Domain verified');
      const after = await (await t.get(page)).text();
      expect(after).to.contain('Verified on').and.contain('href="/domains/shop.example.com"').and.not.contain('Check now</button>');
      const requests = t.logs.filter((l) => (l as any).msg === 'request');
      expect(requests.some((l) => (l as any).path === '/registrations/[redacted]')).to.equal(true);
      expect(requests.some((l) => JSON.stringify(l).includes(token))).to.equal(false);
    });

    it('answers an unknown page 404 as a page, and too many registrations with a page saying when to retry', async () => {
      const unknown = await t.get('/registrations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(unknown.status).to.equal(404);
      expect(await unknown.text()).to.contain('Unknown registration page');
      expect((await t.get('/registrations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/check', { method: 'POST' })).status).to.equal(404);
      let last: Response | undefined;
      for (let i = 0; i < 6 && last?.status !== 429; i++)
        last = await t.get('/register', form({ domain: `n${i}.example.com`, entity_name: 'N', contact_email: 'owner@shop.example.com' }));
      expect(last!.status).to.equal(429);
      expect(last!.headers.get('retry-after')).to.equal('3600');
      expect(await last!.text())
        .to.contain('Too many registrations')
        .and.contain('try again in about 60 minutes');
    });
  });
}
