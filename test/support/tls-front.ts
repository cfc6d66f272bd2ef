import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TestKeyPair } from './test-ca.js';

/**
 * What an operator puts in front of Vetted, on 127.0.0.1: an HTTPS server terminating TLS with a
 * test certificate and passing every request to a plain-HTTP upstream, and a plain-HTTP server
 * answering every request with a 301 to the same path over https on `host`.
 */
export interface TlsFront {
  readonly httpsPort: number;
  readonly httpPort: number;
  /** For FetcherOptions.portMap: { 80: httpPort, 443: httpsPort }. */
  readonly portMap: Readonly<Record<number, number>>;
  /** Where requests go from now on (a port on 127.0.0.1); until set, the HTTPS side answers 502. */
  forwardTo(upstreamPort: number): void;
  close(): Promise<void>;
}

/** Starts a TlsFront for `host`; call close() in an after hook. */
export async function startTlsFront(options: { readonly host: string; readonly tls: TestKeyPair }): Promise<TlsFront> {
  let upstreamPort = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };

  const secure = https.createServer(options.tls, (req, res) => {
    res.on('error', () => undefined);
    if (upstreamPort === 0) return void res.writeHead(502).end('no upstream yet');
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  secure.on('connection', track);
  secure.on('tlsClientError', () => undefined);

  const plain = http.createServer((req, res) => {
    res.on('error', () => undefined);
    res.writeHead(301, { location: `https://${options.host}${req.url ?? '/'}`, 'content-length': '0' }).end();
  });
  plain.on('connection', track);

  await Promise.all([listen(secure), listen(plain)]);
  const httpsPort = (secure.address() as AddressInfo).port;
  const httpPort = (plain.address() as AddressInfo).port;
  return {
    httpsPort,
    httpPort,
    portMap: { 80: httpPort, 443: httpsPort },
    forwardTo: (port) => {
      upstreamPort = port;
    },
    close: async () => {
      const closed = [secure, plain].map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
      for (const socket of sockets) socket.destroy();
      await Promise.all(closed);
    },
  };
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
