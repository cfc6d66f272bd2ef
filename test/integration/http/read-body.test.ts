import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { expect } from 'chai';
import Koa from 'koa';
import { errorEnvelope } from '../../../src/adapters/http/middleware/error-envelope.js';
import { readJsonBody } from '../../../src/adapters/http/read-body.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Sends a body in chunks without Content-Length, as a client streaming an upload would. */
function postChunked(port: number, contentType: string, chunks: Buffer[]): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/echo', method: 'POST', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('reading JSON request bodies', () => {
  let server: Server;
  let port: number;
  let received = 0;

  before(async () => {
    const app = new Koa();
    const router = new Router();
    router.post('/echo', async (ctx) => {
      const body = await readJsonBody(ctx);
      received++;
      ctx.body = { success: true, data: body };
    });
    app.use(errorEnvelope(silent)).use(router.routes());
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('parses application/json', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"a":1}',
    });
    expect(await res.json()).to.deep.equal({ success: true, data: { a: 1 } });
  });

  it('refuses another media type with UNSUPPORTED_MEDIA_TYPE 415', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
    expect(res.status).to.equal(415);
    expect(((await res.json()) as any).error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an empty JSON body (none, or blanks) with VALIDATION_ERROR 400, not 415', async () => {
    for (const body of [undefined, '', '  \n']) {
      const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(((await res.json()) as any).error).to.deep.equal({ code: 'VALIDATION_ERROR', message: 'The request body is empty; send a JSON object.' });
    }
    const vendor = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: '{"a":2}',
    });
    expect(await vendor.json()).to.deep.equal({ success: true, data: { a: 2 } });
  });

  it('refuses malformed JSON with VALIDATION_ERROR 400', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(res.status).to.equal(400);
    expect(((await res.json()) as any).error.code).to.equal('VALIDATION_ERROR');
  });

  it('stops a chunked body at 64 KiB with PAYLOAD_TOO_LARGE 413, without reading the rest', async () => {
    const before = received;
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(16 * 1024, 0x20));
    const res = await postChunked(port, 'application/json', chunks);
    expect(res.status).to.equal(413);
    expect(res.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
    expect(received).to.equal(before);
  });

  it('accepts a body of exactly 64 KiB', async () => {
    const json = JSON.stringify({ pad: 'x'.repeat(64 * 1024 - 10) });
    expect(Buffer.byteLength(json)).to.equal(64 * 1024);
    const res = await postChunked(port, 'application/json', [Buffer.from(json)]);
    expect(res.status).to.equal(200);
  });
});
