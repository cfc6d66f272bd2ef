import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { TestKeyPair } from './test-ca.js';

/** What a route answers. Plain fields cover most cases; `handler` takes over completely. */
export interface RouteSpec {
  /** Default 200. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: string | Buffer;
  /** Wait this long before sending the status line. */
  readonly delayMs?: number;
  readonly handler?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

/** One request as the site saw it. */
interface ReceivedRequest {
  readonly scheme: 'http' | 'https';
  readonly method: string;
  /** The Host header. */
  readonly host: string;
  /** Path and query. */
  readonly url: string;
  /** Header names in lower case. */
  readonly headers: Readonly<http.IncomingHttpHeaders>;
  readonly localAddress: string;
}

/** One TCP connection accepted (before any TLS handshake or request). */
interface AcceptedConnection {
  readonly scheme: 'http' | 'https';
  readonly localAddress: string;
  readonly remoteAddress: string;
}

/** Where and how a fixture site listens. */
export interface FixtureSiteOptions {
  /** Address to bind both servers to. Default 127.0.0.1. Any 127.0.0.0/8 address works on Linux. */
  readonly host?: string;
  /** Default 0 (ephemeral). Pass another site's ports to run a "twin" on another address. */
  readonly httpPort?: number;
  readonly httpsPort?: number;
  /** Default certificate of the HTTPS server; omit to run plain HTTP only. */
  readonly tls?: TestKeyPair;
  /** Certificates chosen by SNI server name (exact, lower case), e.g. an expired one for one name. */
  readonly tlsByName?: Readonly<Record<string, TestKeyPair>>;
  /** Initial routes, as for route(). */
  readonly routes?: Readonly<Record<string, RouteSpec>>;
}

/**
 * A local web site for integration tests: one plain HTTP and (with `tls`) one HTTPS server sharing a
 * route table, recording every connection and request so a test can prove none was made.
 * Unknown paths answer 404.
 */
export interface FixtureSite {
  readonly host: string;
  readonly httpPort: number;
  /** 0 when the site has no HTTPS server. */
  readonly httpsPort: number;
  /** For FetcherOptions.portMap: { 80: httpPort, 443: httpsPort }. */
  readonly portMap: Readonly<Record<number, number>>;
  readonly requests: readonly ReceivedRequest[];
  readonly connections: readonly AcceptedConnection[];
  /** Sets a route. `key` is a path ('/a') or host and path ('shop.example.com/a'); the latter wins. */
  route(key: string, spec: RouteSpec): void;
  /** Forgets recorded requests and connections (routes stay). */
  clearLog(): void;
  /** Stops both servers, cutting open connections (drips included). */
  close(): Promise<void>;
}

/** Starts a FixtureSite; call close() in an after hook. */
export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const host = options.host ?? '127.0.0.1';
  const routes = new Map<string, RouteSpec>();
  const setRoute = (key: string, spec: RouteSpec) => {
    const slash = key.indexOf('/');
    routes.set(slash <= 0 ? key : `${key.slice(0, slash).toLowerCase()}${key.slice(slash)}`, spec);
  };
  for (const [key, spec] of Object.entries(options.routes ?? {})) setRoute(key, spec);
  const requests: ReceivedRequest[] = [];
  const connections: AcceptedConnection[] = [];
  const sockets = new Set<Socket>();

  const handle = (scheme: 'http' | 'https') => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    requests.push({
      scheme,
      method: req.method ?? '',
      host: hostHeader,
      url: req.url ?? '/',
      headers: req.headers,
      localAddress: req.socket.localAddress ?? '',
    });
    res.on('error', () => undefined);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const name = hostHeader.replace(/:\d+$/, '');
    const spec = routes.get(`${name}${path}`) ?? routes.get(path) ?? { status: 404, body: 'not found' };
    const respond = () => {
      if (spec.handler) return spec.handler(req, res);
      res.writeHead(spec.status ?? 200, spec.headers as http.OutgoingHttpHeaders | undefined);
      res.end(req.method === 'HEAD' ? undefined : spec.body);
    };
    if (spec.delayMs) setTimeout(respond, spec.delayMs).unref();
    else respond();
  };

  const track = (scheme: 'http' | 'https') => (socket: Socket) => {
    connections.push({ scheme, localAddress: socket.localAddress ?? '', remoteAddress: socket.remoteAddress ?? '' });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };

  const httpServer = http.createServer(handle('http'));
  httpServer.on('connection', track('http'));
  const servers: http.Server[] = [httpServer];
  let httpsServer: https.Server | undefined;
  if (options.tls) {
    const contexts = new Map(Object.entries(options.tlsByName ?? {}).map(([name, pair]) => [name.toLowerCase(), createSecureContext(pair)]));
    httpsServer = https.createServer(
      {
        ...options.tls,
        SNICallback: (servername, callback) => callback(null, contexts.get(servername.toLowerCase())),
      },
      handle('https'),
    );
    httpsServer.on('connection', track('https'));
    httpsServer.on('tlsClientError', () => undefined);
    servers.push(httpsServer);
  }

  try {
    await listen(httpServer, options.httpPort ?? 0, host);
    if (httpsServer) await listen(httpsServer, options.httpsPort ?? 0, host);
  } catch (error) {
    await Promise.all(servers.map((s) => closeServer(s, sockets)));
    throw error;
  }

  const httpPort = (httpServer.address() as AddressInfo).port;
  const httpsPort = httpsServer ? (httpsServer.address() as AddressInfo).port : 0;
  return {
    host,
    httpPort,
    httpsPort,
    portMap: httpsServer ? { 80: httpPort, 443: httpsPort } : { 80: httpPort },
    requests,
    connections,
    route: setRoute,
    clearLog: () => {
      requests.length = 0;
      connections.length = 0;
    },
    close: async () => {
      await Promise.all(servers.map((s) => closeServer(s, sockets)));
    },
  };
}

/** A redirect answer. */
export function redirect(location: string, status = 302): RouteSpec {
  return { status, headers: { location }, body: '' };
}

/** `body` compressed with `encoding`, Content-Encoding set. */
export function encoded(body: string | Buffer, encoding: 'gzip' | 'br' | 'deflate', spec: RouteSpec = {}): RouteSpec {
  const raw = Buffer.from(body);
  const data = encoding === 'gzip' ? zlib.gzipSync(raw) : encoding === 'br' ? zlib.brotliCompressSync(raw) : zlib.deflateSync(raw);
  return { ...spec, headers: { 'content-type': 'text/plain', ...spec.headers, 'content-encoding': encoding }, body: data };
}

const bombs = new Map<string, Promise<Buffer>>();

/**
 * A body of about `decodedBytes` zeros that is small on the wire: gzip as repeated 16 MiB members
 * (decoders concatenate them), brotli as one stream. Built once per size and cached.
 */
export async function compressionBomb(encoding: 'gzip' | 'br', decodedBytes = 1024 ** 3): Promise<RouteSpec> {
  const cacheKey = `${encoding}:${decodedBytes}`;
  let built = bombs.get(cacheKey);
  if (!built) {
    built = encoding === 'gzip' ? gzipBomb(decodedBytes) : brotliBomb(decodedBytes);
    bombs.set(cacheKey, built);
  }
  return {
    headers: { 'content-type': 'text/html', 'content-encoding': encoding },
    body: await built,
  };
}

async function gzipBomb(decodedBytes: number): Promise<Buffer> {
  const member = 16 * 1024 * 1024;
  const one = await promisify(zlib.gzip)(Buffer.alloc(member), { level: 9 });
  return Buffer.concat(Array.from({ length: Math.max(1, Math.ceil(decodedBytes / member)) }, () => one));
}

function brotliBomb(decodedBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const compressor = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    const out: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => out.push(chunk));
    compressor.on('end', () => resolve(Buffer.concat(out)));
    compressor.on('error', reject);
    const zeros = Buffer.alloc(1024 * 1024);
    let left = decodedBytes;
    const pump = () => {
      while (left > 0) {
        const piece = zeros.subarray(0, Math.min(zeros.length, left));
        left -= piece.length;
        if (!compressor.write(piece)) return void compressor.once('drain', pump);
      }
      compressor.end();
    };
    pump();
  });
}

/** A `bytes`-long body of 'a', streamed with backpressure and an honest Content-Length. */
export function oversized(bytes: number): RouteSpec {
  return {
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(bytes) });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = bytes;
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
  };
}

/** Headers at once, then one `chunk` every `intervalMs`, never ending until the client goes away. */
export function slowDrip(intervalMs = 100, chunk = '.'): RouteSpec {
  return {
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.flushHeaders();
      const timer = setInterval(() => res.write(chunk), intervalMs);
      res.on('close', () => clearInterval(timer));
    },
  };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: http.Server, sockets: Set<Socket>): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
    for (const socket of sockets) socket.destroy();
  });
}
