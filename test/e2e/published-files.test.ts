import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

// What `npm start` serves with nothing configured but an embedded SQLite file: the OpenAPI
// document, the metrics (to this loopback client) and every file agents and crawlers look for.
const FILES: ReadonlyArray<[path: string, type: RegExp]> = [
  ['/openapi.json', /^application\/json/],
  ['/metrics', /^text\/plain; version=0\.0\.4/],
  ['/robots.txt', /^text\/plain/],
  ['/sitemap.xml', /xml/],
  ['/llms.txt', /^text\/(plain|markdown)/],
  ['/.well-known/security.txt', /^text\/plain/],
  ['/.well-known/mcp/server-card.json', /json/],
  ['/.well-known/mcp.json', /json/],
  ['/.well-known/agent-card.json', /json/],
  ['/.well-known/api-catalog', /^application\/linkset\+json/],
  ['/privacy', /^text\/html/],
  ['/terms', /^text\/html/],
  ['/contact', /^text\/html/],
];

describe('the files a fresh install publishes, from a real `vetted serve`', function () {
  this.timeout(60_000);
  let dir: string;
  let service: ServiceProcess;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-files-'));
    service = await startServiceProcess({ DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}` });
  });
  after(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the OpenAPI document, the metrics to loopback and every published file', async () => {
    for (const [path, type] of FILES) {
      const res = await fetch(`${service.url}${path}`);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.match(type);
      expect((await res.text()).length, path).to.be.above(20);
    }
  });
});
