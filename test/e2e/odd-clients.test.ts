import { connect } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Open file descriptors of a process (Linux). */
function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** A CONNECT with a body of `bytes`, on a connection the client keeps open until the server closes it. */
function connectWithBody(url: string, bytes: number): Promise<{ text: string; closed: boolean; elapsedMs: number }> {
  return raw(url, `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nContent-Length: ${bytes}\r\n\r\n${'x'.repeat(bytes)}`, 5000);
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
      ['GET / HTTP/1.1\r\n\r\n', 400, 'VALIDATION_ERROR'],
      ['GET / HTTP/1.1\r\nHost: x\r\nExpect: something-else\r\n\r\n', 417, 'EXPECTATION_FAILED'],
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
      expect(answer.text, bytes.slice(0, 20)).to.match(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
      if (status === 405) expect(answer.text).to.match(/\r\nAllow: GET, HEAD, POST, DELETE, OPTIONS\r\n/);
    }
  });

  it('answers a method no route knows with 405 and Allow, on any path', async () => {
    for (const line of ['MKCOL * HTTP/1.1', 'M-SEARCH * HTTP/1.1', 'MKCOL /verify/example.com HTTP/1.1', 'PROPFIND /nowhere HTTP/1.1']) {
      const answer = await raw(service.url, `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const parsed = statusAndBody(answer.text);
      expect([parsed.status, parsed.body?.error?.code], line).to.deep.equal([405, 'METHOD_NOT_ALLOWED']);
      expect(/\r\nAllow: ([^\r]+)\r\n/.exec(answer.text)?.[1], line).to.match(/GET/);
    }
  });

  it('closes 200 refused CONNECT requests with 64 KB bodies at once: no descriptor left open, the client still served', async () => {
    const before = openDescriptors(service.child.pid!);
    // More than the per-client bound (4 here) at once: a refusal must never hold a place.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => connectWithBody(service.url, 64 * 1024)));
      for (const { text, closed } of answers) {
        expect(closed, 'closed by the server').to.equal(true);
        expect([405, 503], text.slice(0, 40)).to.include(statusAndBody(text).status);
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(openDescriptors(service.child.pid!)).to.be.at.most(before + 1);
    expect((await fetch(`${service.url}/status`)).status).to.equal(200);
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
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<ReturnType<typeof connect>>((r) => {
            const s = connect(Number(port), '127.0.0.1', () => r(s));
          }),
      ),
    );
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
    expect(
      lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50),
      'nothing at error level',
    ).to.deep.equal([]);
    expect(service.stderr).to.deep.equal([]);
  });
});

describe('connection bounds behind a proxy, and shutdown with refused connections open (real process)', function () {
  this.timeout(60_000);
  let dir: string;
  let service: ServiceProcess;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-odd-proxy-'));
    service = await startServiceProcess({ DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}`, TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS: '4' });
  });
  after(async () => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await service.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the global bound with TRUST_PROXY, where no per-client bound applies', async () => {
    const { port } = new URL(service.url);
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<ReturnType<typeof connect>>((r) => {
            const s = connect(Number(port), '127.0.0.1', () => r(s));
          }),
      ),
    );
    try {
      const refused = statusAndBody((await raw(service.url, 'GET /status HTTP/1.1\r\nHost: x\r\n\r\n')).text);
      expect([refused.status, refused.body?.error?.code]).to.deep.equal([503, 'SERVICE_UNAVAILABLE']);
      expect(refused.body.error.message).to.contain('4 in all');
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${service.url}/status`)).status).to.equal(200);
  });

  it('leaks nothing with TRUST_PROXY either: 100 CONNECT requests with 64 KB bodies', async () => {
    const before = openDescriptors(service.child.pid!);
    for (let round = 0; round < 25; round++) await Promise.all(Array.from({ length: 4 }, () => connectWithBody(service.url, 64 * 1024)));
    await new Promise((r) => setTimeout(r, 300));
    expect(openDescriptors(service.child.pid!)).to.be.at.most(before + 1);
  });

  it('stops on SIGTERM without waiting for a refused connection whose client keeps sending', async () => {
    const { port } = new URL(service.url);
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nContent-Length: 10000000\r\n\r\n'),
    );
    socket.on('error', () => undefined);
    // Keeps sending the body the CONNECT announced, as a client that ignores the answer would.
    const feeding = setInterval(() => socket.writable && socket.write('x'.repeat(1024)), 20);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const started = Date.now();
      service.child.kill('SIGTERM');
      expect(await service.exited).to.equal(0);
      // The grace period for requests in flight is 10 s; a refused connection must not use it.
      expect(Date.now() - started).to.be.below(5000);
    } finally {
      clearInterval(feeding);
      socket.destroy();
    }
  });
});
