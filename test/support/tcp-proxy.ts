import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP forwarder on 127.0.0.1 that a test can cut, as if the server behind it went down. */
export interface TcpProxy {
  readonly port: number;
  /** Connections accepted since the start (each forwarded, or refused during a cut). */
  readonly accepted: () => number;
  /** Destroys every open connection (both sides) and stops listening, so new connections are refused. */
  cut(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<ephemeral port> to `targetHost:targetPort`. */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let accepted = 0;
  let port = 0;
  let server: Server | undefined;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  };
  const listen = async () => {
    const next = createServer((client) => {
      accepted++;
      const upstream = connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const stopListening = async () => {
    const current = server;
    server = undefined;
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve();
    for (const socket of open) socket.destroy();
    await closed;
  };
  await listen();
  return {
    port,
    accepted: () => accepted,
    cut: stopListening,
    restore: async () => {
      if (!server) await listen();
    },
    close: stopListening,
  };
}
