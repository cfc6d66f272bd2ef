import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from '../support/browser.js';
import { pageProblems } from '../support/page-audit.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { bodyOf, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { databaseKinds } from '../support/test-databases.js';
import { freePort, startTestService, type TestService } from '../support/test-service.js';

// A person registers a domain through the pages only, in Debian's chromium: the form (first with a
// mistake), the registration page, publishing the TXT record, "Check now", the mailed confirmation
// link, and the verdict page showing the new entity; axe-core and sideways scrolling on every page met.
describe('registering a domain through the pages in a real browser (chromium)', function () {
  this.timeout(120_000);
  const executable = chromiumPath();
  let browser: Browser;
  let dns: TestDnsServer;
  let smtp: SmtpSink;
  let t: TestService;

  before(async function () {
    if (!executable) return this.skip();
    dns = await startDnsServer({});
    smtp = await startSmtpSink();
    const port = await freePort();
    t = await startTestService(databaseKinds()[0]!, { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, DNS_SERVERS: dns.address, SMTP_URL: smtp.url });
    browser = await launchBrowser(executable);
  });
  after(async () => {
    await browser?.close();
    await t?.stop();
    await smtp?.close();
    await dns?.close();
  });

  /** Everything wrong with the page as it is now, in light and in dark (see pageProblems); the page itself must carry no script. */
  async function audit(page: Page, label: string): Promise<string[]> {
    expect(await page.evaluate('document.scripts.length'), `${label}: scripts`).to.equal(0);
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      found.push(...(await pageProblems(page, `${label} ${colorScheme}`)));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    return found;
  }

  it('takes a person from the form to a verified domain, with no serious accessibility violation on the way', async () => {
    // bypassCSP only lets axe-core in; the pages themselves carry no script.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const violations: string[] = [];

    // From the home page, as a person finds it.
    await page.goto(`${t.url}/`);
    await page.click('a:text("Register your domain")');
    await page.waitForURL(/\/register$/);
    violations.push(...(await audit(page, '/register')));
    await page.fill('#domain', 'co.uk');
    await page.fill('#entity_name', 'Shop Ltd');
    await page.selectOption('#entity_type', 'business');
    await page.fill('#contact_email', 'owner@shop.example.com');
    await page.click('button[type=submit]');
    await page.waitForSelector('#domain-problem');
    expect(await page.textContent('#domain-problem')).to.match(/^Invalid domain "co\.uk"/);
    expect(await page.textContent('.error-summary')).to.contain('Domain: Invalid domain');
    expect(await page.inputValue('#entity_name'), 'what was typed is kept').to.equal('Shop Ltd');
    expect(await page.inputValue('#entity_type')).to.equal('business');
    violations.push(...(await audit(page, 'the form with errors')));

    await page.fill('#domain', 'shop.example.com');
    await page.click('button[type=submit]');
    await page.waitForURL(/\/registrations\/[A-Za-z0-9_-]{40,}$/);
    const pageUrl = page.url();
    expect(await page.textContent('#status')).to.contain('Pending');
    const name = await page.inputValue('#txt-name');
    const value = await page.inputValue('#txt-value');
    expect(name).to.equal('_vetted-challenge.shop.example.com');
    expect(value).to.match(/^vetted-verification=[A-Za-z0-9_-]{20,}$/);
    violations.push(...(await audit(page, 'the registration page')));

    dns.set(name, { TXT: [[value]] });
    await page.click('button:text("Check now")');
    await page.waitForSelector('#check-summary');
    expect(await page.textContent('#check-summary')).to.contain('The proof is in place');
    expect(await page.locator('.looks code', { hasText: value }).count(), 'the TXT value found is shown').to.be.at.least(1);
    violations.push(...(await audit(page, 'the page after Check now')));
    const notYet = (await (await page.request.get(`${t.url}/verify/shop.example.com`, { headers: { accept: 'application/json' } })).json()) as any;
    expect(notYet.data.verified, 'Check now does not verify').to.equal(false);

    const mail = bodyOf(smtp.messages.at(-1)!.raw);
    expect(mail).to.contain(pageUrl);
    const confirm = /http:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/.exec(mail)![0];
    await page.goto(confirm);
    expect(await page.textContent('h1')).to.equal('Domain verified');
    violations.push(...(await audit(page, 'the confirm page')));

    const answer = (await (await page.request.get(`${t.url}/verify/shop.example.com`, { headers: { accept: 'application/json' } })).json()) as any;
    expect(answer.data.verified).to.equal(true);
    expect(answer.data.entity).to.include({ name: 'Shop Ltd', type: 'business', level: 'verified' });
    await page.goto(pageUrl);
    expect(await page.textContent('#status')).to.contain('Verified');
    // The verdict page, from the registration page's link: the entity a person just registered.
    await page.click('#status a');
    expect(await page.textContent('.verdict')).to.contain('belongs to Shop Ltd');
    violations.push(...(await audit(page, 'the verdict page')));
    expect(violations).to.deep.equal([]);
    await context.close();
  });
});
