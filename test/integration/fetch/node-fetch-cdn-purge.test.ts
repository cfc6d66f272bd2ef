import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { NodeFetchCdnPurge } from '../../../src/adapters/fetch/node-fetch-cdn-purge.js';
import { rejection } from '../../support/rejection.js';

interface Seen {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

describe('NodeFetchCdnPurge against a local endpoint', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let answer: (res: ServerResponse) => void;

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    seen.length = 0;
    answer = (res) => res.writeHead(204).end();
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const purger = (url: string, timeoutMs?: number) => new NodeFetchCdnPurge({ url, userAgent: 'Vetted/test', ...(timeoutMs ? { timeoutMs } : {}) });

  it('POSTs the keys as JSON, with the credentials of the URL as Basic and its own User-Agent', async () => {
    await purger(`http://purger:s%3Acret@${base.slice('http://'.length)}/purge?service=1`).purge(['example.com', 'example.co.uk']);
    expect(seen).to.have.length(1);
    expect(seen[0]!.path).to.equal('/purge?service=1');
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ surrogate_keys: ['example.com', 'example.co.uk'] });
    expect(seen[0]!.headers['content-type']).to.equal('application/json');
    expect(seen[0]!.headers.authorization).to.equal(`Basic ${Buffer.from('purger:s:cret').toString('base64')}`);
    expect(seen[0]!.headers['user-agent']).to.equal('Vetted/test');
  });

  it('sends nothing for no keys', async () => {
    await purger(`${base}/purge`).purge([]);
    expect(seen).to.deep.equal([]);
  });

  it('throws for any answer but 2xx, a redirect included, which it never follows, quoting the start of the answer', async () => {
    answer = (res) => res.writeHead(302, { location: `${base}/elsewhere` }).end();
    expect((await rejection(purger(`${base}/purge`).purge(['a.com']))).message).to.match(/^the CDN purge endpoint 127\.0\.0\.1:\d+ answered 302$/);
    expect(seen.map((s) => s.path)).to.deep.equal(['/purge']);
    answer = (res) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`busy\n${'x'.repeat(100_000)}`);
    const refused = await rejection(purger(`${base}/purge`).purge(['a.com']));
    expect(refused.message).to.match(/^the CDN purge endpoint 127\.0\.0\.1:\d+ answered 503: busy x+$/);
    expect(refused.message.length).to.be.below(300);
  });

  it('gives up on an endpoint that does not answer in time, and on one that cannot be reached', async () => {
    answer = (res) => setTimeout(() => res.writeHead(200).end(), 2000);
    const started = Date.now();
    expect((await rejection(purger(`${base}/purge`, 200).purge(['a.com']))).message).to.match(/did not answer within 200 ms$/);
    expect(Date.now() - started).to.be.below(1500);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await rejection(purger(`http://127.0.0.1:${port}/purge`).purge(['a.com']))).message).to.match(
      /^the CDN purge endpoint 127\.0\.0\.1:\d+ cannot be reached: /,
    );
  });
});
