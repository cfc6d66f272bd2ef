import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;
type DnsPacket = dns2.Packet;
type Resource = dns2.Packet.Resource;

/** TXT records of `name` (lower case, no trailing dot), each a list of character-strings; undefined: NXDOMAIN. */
export type TxtAnswer = (name: string) => readonly (readonly string[])[] | undefined;

/**
 * A DNS server on 127.0.0.1 (UDP only: every answer fits 512 bytes) that computes each TXT answer
 * instead of holding a zone, for load tests with more names than a TestDnsServer should keep in
 * memory. Other types get NOERROR with no records for a known name. Keeps a count, not a log.
 */
export interface ComputedDnsServer {
  /** `127.0.0.1:<port>`, the form DNS_SERVERS takes. */
  readonly address: string;
  /** Questions answered since the start. */
  readonly queries: number;
  close(): Promise<void>;
}

const NXDOMAIN = 3;

export async function startComputedDnsServer(txt: TxtAnswer): Promise<ComputedDnsServer> {
  let queries = 0;
  const handle = (request: DnsPacket, send: (response: DnsPacket) => Promise<Buffer>) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    for (const question of request.questions) {
      queries++;
      const records = txt(question.name.toLowerCase().replace(/\.$/, ''));
      if (!records) {
        response.header.rcode = NXDOMAIN;
        continue;
      }
      if (question.type !== Packet.TYPE.TXT) continue;
      for (const data of records) {
        response.answers.push({ name: question.name, class: Packet.CLASS.IN, ttl: 0, type: Packet.TYPE.TXT, data: [...data] } as unknown as Resource);
      }
    }
    send(response).catch(() => undefined);
  };
  const udp = dns2.createUDPServer(handle as dns2.DnsHandler);
  udp.on('requestError', () => undefined);
  await udp.listen(0, '127.0.0.1');
  return {
    address: `127.0.0.1:${(udp.address() as AddressInfo).port}`,
    get queries() {
      return queries;
    },
    close: () => new Promise<void>((resolve) => udp.close(() => resolve())),
  };
}
