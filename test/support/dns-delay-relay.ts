import { createSocket, type Socket } from 'node:dgram';

/** A UDP relay in front of a test DNS server that holds every question for a while: a slow resolver. */
export interface DnsDelayRelay {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  readonly address: string;
  close(): Promise<void>;
}

/** Relays DNS over UDP to `127.0.0.1:upstreamPort`, each question `delayMs` late (the answer comes back as soon as it is given). */
export async function startDnsDelayRelay(upstreamPort: number, delayMs: number): Promise<DnsDelayRelay> {
  const front = createSocket('udp4');
  const upstreams = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  front.on('message', (packet, client) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const upstream = createSocket('udp4');
      upstreams.add(upstream);
      const done = () => {
        upstreams.delete(upstream);
        upstream.close();
      };
      upstream.on('error', done);
      upstream.once('message', (answer) => {
        front.send(answer, client.port, client.address);
        done();
      });
      upstream.send(packet, upstreamPort, '127.0.0.1');
    }, delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => front.bind(0, '127.0.0.1', () => resolve()));
  return {
    address: `127.0.0.1:${front.address().port}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const upstream of upstreams) upstream.close();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}
