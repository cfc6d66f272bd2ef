import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import { chromiumPath, launchBrowser } from '../support/browser.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// A third-party web page calling Vetted with fetch, as an agent's web app would: GET /verify (a
// simple request) and POST /mcp (JSON with MCP-Protocol-Version, so the browser asks first).
const PAGE = `<!doctype html><meta charset="utf-8"><title>caller</title><script>
(async () => {
  const vetted = new URL(location.href).searchParams.get('vetted');
  const out = {};
  try {
    const res = await fetch(vetted + '/verify/example.com');
    out.verify = { status: res.status, verified: (await res.json()).data.verified, requestId: res.headers.get('x-request-id') };
  } catch (error) { out.verify = { error: String(error) }; }
  try {
    const res = await fetch(vetted + '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'verify_domain', arguments: { domain: 'example.com' } } }),
    });
    out.mcp = { status: res.status, verified: (await res.json()).result.structuredContent.verified, requestId: res.headers.get('x-request-id') };
  } catch (error) { out.mcp = { error: String(error) }; }
  window.results = out;
})();
</script>`;

interface Results {
  verify: { status?: number; verified?: boolean; requestId?: string | null; error?: string };
  mcp: { status?: number; verified?: boolean; requestId?: string | null; error?: string };
}

async function pageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('Vetted called from web pages in a real browser (chromium)', function () {
  this.timeout(60_000);
  const executable = chromiumPath();
  let browser: Browser;
  let t: TestService;
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };

  before(async function () {
    if (!executable) return this.skip();
    allowed = await pageServer();
    other = await pageServer();
    t = await startTestService(databaseKinds()[0]!, { MCP_ALLOWED_ORIGINS: allowed.origin });
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
    browser = await launchBrowser(executable);
  });
  after(async () => {
    await browser?.close();
    await t?.stop();
    allowed?.server.close();
    other?.server.close();
  });

  async function resultsOf(origin: string): Promise<{ results: Results; console: string[] }> {
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    try {
      await page.goto(`${origin}/?vetted=${encodeURIComponent(t.url)}`);
      await page.waitForFunction(() => (globalThis as unknown as { results?: unknown }).results !== undefined, undefined, { timeout: 20_000 });
      return { results: await page.evaluate(() => (globalThis as unknown as { results: Results }).results), console: messages };
    } finally {
      await page.close();
    }
  }

  it('lets a page on an allowed origin read a verdict and call POST /mcp', async () => {
    const { results } = await resultsOf(allowed.origin);
    expect(results.verify).to.deep.include({ status: 200, verified: true });
    expect(results.verify.requestId, 'X-Request-Id is exposed').to.match(/^[0-9a-f-]{36}$/);
    expect(results.mcp).to.deep.include({ status: 200, verified: true });
    expect(results.mcp.requestId).to.match(/^[0-9a-f-]{36}$/);
  });

  it('lets a page on any other origin read the verdict but not reach POST /mcp', async () => {
    const { results, console: messages } = await resultsOf(other.origin);
    expect(results.verify).to.deep.include({ status: 200, verified: true });
    expect(results.mcp.error, JSON.stringify(results.mcp)).to.match(/TypeError: Failed to fetch/);
    expect(messages.join('\n')).to.match(/CORS/);
    const preflights = t.logs.filter((line) => line.method === 'OPTIONS' && line.path === '/mcp').map((line) => line.status);
    expect(preflights).to.include.members([204, 403]);
  });
});
