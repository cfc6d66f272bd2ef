import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { redirect, startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const kind = databaseKinds()[0]!;

function registerBody(domain: string, extra: Record<string, unknown> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain, entity_name: 'Shop <b>Ltd</b>', entity_type: 'business', contact_email: 'owner@shop.example.com', ...extra }),
  };
}

/** The confirmation path from a mail's text, quoted-printable soft breaks undone. */
function confirmPath(text: string): string {
  const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return new URL(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/.exec(unfolded)![0]).pathname;
}

describe('registration end to end, against real local SMTP, DNS and HTTPS servers', function () {
  this.timeout(30_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let smtp: SmtpSink;
  let t: TestService;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['shop.example.com', 'www.site.example.com', 'moved.example.com', 'other.example.com']) });
    dns = await startDnsServer({
      'shop.example.com': { A: ['127.0.0.1'] },
      'www.site.example.com': { A: ['127.0.0.1'] },
      'moved.example.com': { A: ['127.0.0.1'] },
      'other.example.com': { A: ['127.0.0.1'] },
    });
    smtp = await startSmtpSink();
    t = await startTestService(
      kind,
      {
        DNS_SERVERS: dns.address,
        SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Vetted <registry@vetted.example.org>',
        BASE_URL: 'https://vetted.example.org',
      },
      { fetcher: { ca: [ca.cert], portMap: site.portMap } },
    );
  });
  after(async () => {
    await t?.stop();
    await smtp?.close();
    await site?.close();
    await dns?.close();
  });

  async function register(domain: string): Promise<{ data: any; confirm: string }> {
    const before = smtp.messages.length;
    const res = await t.get('/register', registerBody(domain));
    expect(res.status, await res.clone().text()).to.equal(201);
    const { data } = (await res.json()) as any;
    expect(smtp.messages.length).to.equal(before + 1);
    return { data, confirm: confirmPath(smtp.messages.at(-1)!.raw) };
  }

  it('registers, mails the link, confirms once the DNS proof is published, and verify shows the zone verified', async () => {
    const { data, confirm } = await register('shop.example.com');
    expect(data).to.deep.include({ domain: 'shop.example.com', status: 'pending' });
    expect(data.registration_id).to.match(/^reg_/);
    const code = /^vetted-verification=(.+)$/.exec(data.verification_instructions.record)![1]!;
    expect(code.length).to.be.at.least(22);
    expect(data.verification_instructions).to.deep.equal({
      method: 'dns_txt',
      name: '_vetted-challenge.shop.example.com',
      record: `vetted-verification=${code}`,
      alternative: { method: 'well_known', path: '/.well-known/vetted-verification.txt', content: `verification_code: ${code}` },
    });
    expect(data.confirmation).to.include({ mail_sent: true, outbox: false });
    expect(data.confirmation.message).to.contain('was sent to owner@shop.example.com');
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).to.deep.equal(['owner@shop.example.com']);
    expect(mail.raw).to.contain('registry@vetted.example.org');

    const early = await t.get(confirm);
    expect(early.status).to.equal(200);
    const earlyPage = await early.text();
    expect(earlyPage).to.contain('Proof not found yet').and.contain('_vetted-challenge.shop.example.com');
    expect(earlyPage).not.to.contain('<b>Ltd</b>');

    dns.set('_vetted-challenge.shop.example.com', { TXT: [[`vetted-verification=${code}`]] });
    const done = await t.get(confirm);
    expect(done.status).to.equal(200);
    const page = await done.text();
    expect(page).to.contain('Domain verified').and.contain('Shop &lt;b&gt;Ltd&lt;/b&gt;');
    const entityId = /ent_[a-z]+\d{3,}/.exec(page)![0];

    for (const name of ['shop.example.com', 'pay.shop.example.com']) {
      const verify = (await (await t.get(`/verify/${name}`)).json()) as any;
      expect(verify.data.verified, name).to.equal(true);
      expect(verify.data.entity.id).to.equal(entityId);
    }
    const replay = await t.get(confirm);
    expect(await replay.text()).to.contain(entityId);
    const again = await t.get('/register', registerBody('shop.example.com'));
    expect(again.status).to.equal(400);
    expect(((await again.json()) as any).error.message).to.contain('already verified');
  });

  it('verifies one host by the well-known file, never its subdomains', async () => {
    const { data, confirm } = await register('www.site.example.com');
    site.route('www.site.example.com/.well-known/vetted-verification.txt', {
      headers: { 'content-type': 'text/plain' },
      body: `${data.verification_instructions.alternative.content}\n`,
    });
    expect(await (await t.get(confirm)).text()).to.contain('Domain verified');
    expect(((await (await t.get('/verify/www.site.example.com')).json()) as any).data.verified).to.equal(true);
    expect(((await (await t.get('/verify/api.www.site.example.com')).json()) as any).data.verified).to.equal(false);
  });

  it('never verifies without the proof: wrong code, wrong place, another host, a redirect elsewhere', async () => {
    const { data, confirm } = await register('moved.example.com');
    const code = data.verification_instructions.alternative.content;
    dns.set('_vetted-challenge.moved.example.com', { TXT: [['vetted-verification=not-the-code']] });
    dns.set('_vetted.moved.example.com', { TXT: [[data.verification_instructions.record]] });
    site.route('moved.example.com/verification.txt', { body: code });
    site.route('other.example.com/.well-known/vetted-verification.txt', { body: code });
    site.route('moved.example.com/.well-known/vetted-verification.txt', redirect('https://other.example.com/.well-known/vetted-verification.txt'));
    for (let i = 0; i < 2; i++) expect(await (await t.get(confirm)).text()).to.contain('Proof not found yet');
    expect(((await (await t.get('/verify/moved.example.com')).json()) as any).data.verified).to.equal(false);
  });

  it('answers unknown tokens 404 and expired ones 410', async () => {
    expect((await t.get('/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).to.equal(404);
    const { confirm } = await register('other.example.com');
    await t.database.db('registrations').where({ domain: 'other.example.com' }).update({ expires_at: '2020-01-01T00:00:00.000Z' });
    const gone = await t.get(confirm);
    expect(gone.status).to.equal(410);
    expect(await gone.text()).to.contain('expired');
    const stored = await t.database.db('registrations').where({ contact_email: 'owner@shop.example.com' }).select('status');
    expect(stored.map((r: { status: string }) => r.status).sort()).to.deep.equal(['pending', 'pending', 'verified', 'verified']);
  });

  it('refuses bad registrations in the envelope', async () => {
    const cases: Array<[RequestInit, number, string]> = [
      [{ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [registerBody('co.uk'), 400, 'VALIDATION_ERROR'],
      [registerBody('fine.example.com', { unknown: true }), 400, 'VALIDATION_ERROR'],
      [registerBody('fine.example.com', { contact_email: 'not-an-address' }), 400, 'VALIDATION_ERROR'],
    ];
    for (const [init, status, code] of cases) {
      const res = await t.get('/register', init);
      expect(res.status).to.equal(status);
      expect(((await res.json()) as any).error.code).to.equal(code);
    }
    const messages: Array<[RequestInit, string]> = [
      [{ method: 'POST', headers: { 'content-type': 'application/json' } }, 'The request body is empty; send a JSON object.'],
      [
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: 'fine.example.com', entity_name: 'Fine' }) },
        'contact_email is required.',
      ],
      [registerBody('fine.example.com', { website: 'ftp://x' }), 'website must be an absolute http or https URL (https://example.com/).'],
      [registerBody('fine.example.com', { x: 1 }), 'unknown field "x".'],
    ];
    for (const [init, message] of messages) {
      const res = await t.get('/register', init);
      expect(await res.json()).to.deep.equal({ success: false, error: { code: 'VALIDATION_ERROR', message } });
    }
  });
});

describe('registration with the default log outbox (no SMTP server)', () => {
  let t: TestService;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startDnsServer({});
    t = await startTestService(kind, { DNS_SERVERS: dns.address });
  });
  after(async () => {
    await t.stop();
    await dns.close();
  });

  it('writes the mail, link included, to the log and the outbox table, says it sent nothing, and the link works', async () => {
    const res = await t.get('/register', registerBody('outbox.example.com'));
    expect(res.status).to.equal(201);
    const { data } = (await res.json()) as any;
    expect(data.confirmation).to.include({ mail_sent: false, outbox: true });
    expect(data.confirmation.message).to.match(/^No mail was sent: this deployment has no mail server/);
    expect(data.confirmation.message).not.to.contain('was sent to');
    const page = await (await t.get(new URL(data.registration_page).pathname)).text();
    expect(page).to.contain('No mail was sent');
    expect(page).not.to.contain('mailed to the contact address');
    expect(page).not.to.contain('from the mail');
    const logged = t.logs.find((l) => (l as any).mail?.to === 'owner@shop.example.com') as any;
    expect(logged.mail.text).to.contain('/confirm/');
    const rows = await t.database.db('mail_outbox').select('to', 'text');
    expect(rows).to.have.length(1);
    dns.set('outbox.example.com', { TXT: [[data.verification_instructions.record]] });
    const path = confirmPath(logged.mail.text);
    expect(await (await t.get(path)).text()).to.contain('Domain verified');
    const token = path.split('/').pop()!;
    const requestLines = t.logs.filter((l) => (l as any).msg === 'request');
    expect(requestLines.some((l) => (l as any).path === '/confirm/[redacted]')).to.equal(true);
    expect(requestLines.some((l) => JSON.stringify(l).includes(token))).to.equal(false);
  });
});

for (const kind of databaseKinds()) {
  describe(`the registration throttle under concurrency (${kind.name})`, () => {
    let t: TestService;
    before(async () => {
      t = await startTestService(kind, { LOG_LEVEL: 'warn' });
    });
    after(() => t.stop());

    it('creates exactly 5 registrations of one client out of 12 simultaneous ones', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.get('/register', registerBody(`burst${i}.example.com`, { contact_email: `c${i}@example.com` })).then((r) => r.status),
        ),
      );
      expect(answers.filter((s) => s === 201)).to.have.length(5);
      expect(answers.filter((s) => s === 429)).to.have.length(7);
      expect(
        await t.database
          .db('registrations')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
      ).to.equal(5);
    });
  });
}
