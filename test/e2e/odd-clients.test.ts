import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/** Sends raw bytes on a new connection; resolves with everything the server wrote before closing (or `waitMs`). */
function raw(url: string, bytes: string, waitMs = 8000): Promise<{ text: string; closed: boolean; elapsedMs: number }> {
  const { port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    const timer = setTimeout(() => (socket.destroy(), resolve({ text, closed: false, elapsedMs: Date.now() - started })), waitMs);
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => (clearTimeout(timer), resolve({ text, closed: true, elapsedMs: Date.now() - started })));
  });
}

function statusAndBody(text: string): { status: number; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return { status, body: body ? JSON.parse(body) : undefined };
}

describe('odd and slow clients, against a real process', function () {
  this.timeout(60_000);
  let dir: string;
  let service: ServiceProcess;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-odd-'));
    service = await startServiceProcess({
      DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}`,
      HTTP_HEADERS_TIMEOUT_MS: '1500',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_MAX_CONNECTIONS_PER_CLIENT: '4',
    });
  });
  after(async () => {
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what the HTTP parser refuses, CONNECT and unknown methods in the envelope, and closes', async () => {
    const cases: Array<[string, number, string]> = [
      ['GET / HTTP/1.1\r\nHost x\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['GET / HTTP/9.9\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['FOO / HTTP/1.1\r\nHost: x\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
      ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'METHOD_NOT_ALLOWED'],
      [`GET /status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [bytes, status, code] of cases) {
      const answer = await raw(service.url, bytes);
      expect(answer.closed, bytes.slice(0, 20)).to.equal(true);
      const parsed = statusAndBody(answer.text);
      expect([parsed.status, parsed.body?.error?.code], bytes.slice(0, 20)).to.deep.equal([status, code]);
    }
  });

  it('cuts off a client that announces a body and stops sending with 408, and one that never ends its headers', async () => {
    const body = await raw(service.url, 'POST /register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"doma');
    expect(body.closed).to.equal(true);
    expect(statusAndBody(body.text).status).to.equal(408);
    expect(body.elapsedMs).to.be.below(6000);
    const headers = await raw(service.url, 'GET /status HTTP/1.1\r\nHost: x\r\n');
    expect(headers.closed).to.equal(true);
    expect(statusAndBody(headers.text).status).to.equal(408);
  });

  it('bounds the connections one client address may hold open', async () => {
    const { port } = new URL(service.url);
    const held = await Promise.all(Array.from({ length: 4 }, () => new Promise<ReturnType<typeof connect>>((r) => { const s = connect(Number(port), '127.0.0.1', () => r(s)); })));
    try {
      const refused = await raw(service.url, 'GET /status HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(statusAndBody(refused.text)).to.deep.include({ status: 503 });
      expect(statusAndBody(refused.text).body.error.code).to.equal('SERVICE_UNAVAILABLE');
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${service.url}/status`)).status).to.equal(200);
  });

  it('wrote every log line as one JSON object', () => {
    const lines = service.stdout.filter((l) => l.trim() !== '');
    expect(lines.length).to.be.above(5);
    for (const line of lines) expect(() => JSON.parse(line), line).not.to.throw();
    expect(lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50), 'nothing at error level').to.deep.equal([]);
    expect(service.stderr).to.deep.equal([]);
  });
});
