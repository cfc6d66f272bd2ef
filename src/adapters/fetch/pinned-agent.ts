import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { SecureContext, TLSSocket } from 'node:tls';
import type { Duplex } from 'node:stream';
import type { PeerCertificate } from '../../application/ports/site-fetcher.js';
import { describeCertificate } from './peer-certificate.js';

/** What happened on the one connection of a hop, filled in as the socket progresses. */
export interface HopConnection {
  /** Address the socket actually connected to. */
  remoteAddress?: string;
  /** Set once the TCP connection (and TLS handshake, for https) completed. */
  established: boolean;
  certificate?: PeerCertificate;
  /** The socket's own error, with Node's original code and message (node-fetch rewraps it). */
  error?: Error & { code?: string };
}

/** One hop's destination and limits. */
export interface PinnedAgentOptions {
  readonly protocol: 'http:' | 'https:';
  /** The host name of the URL; the only name the agent will "resolve". */
  readonly host: string;
  /** The address already resolved and checked for `host`. */
  readonly address: string;
  /** Trust store for https (undefined: Node's default roots). */
  readonly secureContext?: SecureContext;
  readonly portMap?: Readonly<Record<number, number>>;
  readonly connectTimeoutMs: number;
}

/** The `code` of the error a socket is destroyed with when connectTimeoutMs passes. */
export const CONNECT_TIMEOUT_CODE = 'ECONNECTTIMEOUT';

/**
 * An agent for a single request whose DNS lookup can only answer the checked address, so a second
 * DNS answer cannot redirect the connection (DNS rebinding). IP-literal hosts never reach `lookup`:
 * their safety is the caller's check of the literal. No keep-alive: one hop, one socket.
 */
export function createPinnedAgent(options: PinnedAgentOptions): { agent: http.Agent; connection: HopConnection } {
  const connection: HopConnection = { established: false };
  const family = options.address.includes(':') ? 6 : 4;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    if (hostname.toLowerCase() !== options.host.toLowerCase()) {
      const error = Object.assign(new Error(`refusing to resolve unexpected host ${hostname}`), { code: 'ENOTFOUND' });
      callback(error, '', 0);
      return;
    }
    if (lookupOptions.all) {
      (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [{ address: options.address, family }]);
    } else {
      callback(null, options.address, family);
    }
  };

  const agentOptions = { keepAlive: false, maxSockets: 1, lookup };
  const agent =
    options.protocol === 'https:'
      ? new https.Agent({ ...agentOptions, ...(options.secureContext ? { secureContext: options.secureContext } : {}) })
      : new http.Agent(agentOptions);

  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (connectOptions, callback) => {
    const port = Number(connectOptions.port);
    const mapped = options.portMap?.[port];
    const socket = createConnection(mapped ? { ...connectOptions, port: mapped } : connectOptions, callback);
    if (socket) watch(socket, options, connection);
    return socket;
  };
  return { agent, connection };
}

function watch(stream: Duplex, options: PinnedAgentOptions, connection: HopConnection): void {
  const socket = stream as Socket;
  const timer = setTimeout(() => {
    const error = Object.assign(new Error(`connect timeout after ${options.connectTimeoutMs} ms`), {
      code: CONNECT_TIMEOUT_CODE,
    });
    socket.destroy(error);
  }, options.connectTimeoutMs);
  socket.once('close', () => clearTimeout(timer));
  socket.once('error', (error: Error & { code?: string }) => {
    connection.error ??= error;
  });
  socket.once('connect', () => {
    connection.remoteAddress = socket.remoteAddress;
    if (options.protocol === 'http:') {
      clearTimeout(timer);
      connection.established = true;
    }
  });
  if (options.protocol === 'https:') {
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      connection.established = true;
      const der = (socket as TLSSocket).getPeerCertificate().raw;
      if (der) connection.certificate = describeCertificate(der);
    });
  }
}
