import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;
type DnsPacket = dns2.Packet;
// dns2 types every record as a full Resource (with toBuffer); plain objects are what it encodes.
type Resource = dns2.Packet.Resource;

/** Records of one type: a fixed list, or a function of the query number (1 for the first query of this name and type). */
export type RecordSource = readonly string[] | ((queryNumber: number) => readonly string[]);

/** What the server knows about one name. Absent types answer NOERROR with no records (NODATA). */
export interface ZoneEntry {
  readonly A?: RecordSource;
  readonly AAAA?: RecordSource;
  /** Each record is one string or its list of character-strings. */
  readonly TXT?: readonly (string | readonly string[])[];
  /** Nameserver host names. */
  readonly NS?: readonly string[];
  /** Answer every query for the name with this error instead. */
  readonly rcode?: 'SERVFAIL' | 'REFUSED';
  /** Never answer (the client times out). */
  readonly drop?: boolean;
  /** Default 0, so no resolver cache hides a change of answer. */
  readonly ttl?: number;
}

/** The record types the server answers; anything else is counted as OTHER and answered empty. */
type QueryType = 'A' | 'AAAA' | 'TXT' | 'NS' | 'OTHER';

/**
 * A DNS server for tests on 127.0.0.1, UDP and TCP on the same port, answering from a mutable zone.
 * Unknown names get NXDOMAIN. Every query is recorded.
 */
export interface TestDnsServer {
  readonly port: number;
  /** `127.0.0.1:<port>`, the form DNS_SERVERS and DnsResolverOptions.servers take. */
  readonly address: string;
  /** Every query packet received, with its DNS transaction id (a resolver's retry repeats the id). */
  readonly queries: readonly { readonly name: string; readonly type: QueryType; readonly id: number }[];
  /** Sets (replaces) the records of `name` and restarts its query numbering. */
  set(name: string, entry: ZoneEntry): void;
  remove(name: string): void;
  /** Queries received for `name` (of `type`, if given) since the start or the last clearLog(). */
  count(name: string, type?: QueryType): number;
  /**
   * Lookups of `name` (of `type`, if given): queries counted once per transaction id, so a resolver
   * re-sending a question it got no timely answer to counts once. What "asked once" means.
   */
  lookups(name: string, type?: QueryType): number;
  /** Forgets recorded queries (the zone and the per-name query numbering stay). */
  clearLog(): void;
  close(): Promise<void>;
}

/** A RecordSource answering `answers[n - 1]` to the n-th query, then repeating the last: for rebinding tests. */
export function answersInTurn(...answers: (readonly string[])[]): RecordSource {
  return (n) => answers[Math.min(n, answers.length) - 1] ?? [];
}

const RCODE = { NXDOMAIN: 3, SERVFAIL: 2, REFUSED: 5 } as const;

/** Starts a TestDnsServer with an initial zone; call close() in an after hook. */
export async function startDnsServer(zone: Readonly<Record<string, ZoneEntry>> = {}): Promise<TestDnsServer> {
  const entries = new Map<string, ZoneEntry>();
  const numbering = new Map<string, number>();
  const queries: { name: string; type: QueryType; id: number }[] = [];
  const set = (name: string, entry: ZoneEntry) => {
    const key = normalize(name);
    entries.set(key, entry);
    for (const type of ['A', 'AAAA', 'TXT', 'NS', 'OTHER']) numbering.delete(`${key} ${type}`);
  };
  for (const [name, entry] of Object.entries(zone)) set(name, entry);

  const handle = (request: DnsPacket, send: (response: DnsPacket) => Promise<Buffer>) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    let silent = false;
    for (const question of request.questions) {
      const name = normalize(question.name);
      const type = typeName(question.type);
      queries.push({ name, type, id: request.header.id });
      const counter = `${name} ${type}`;
      const queryNumber = (numbering.get(counter) ?? 0) + 1;
      numbering.set(counter, queryNumber);
      const entry = entries.get(name);
      if (!entry) {
        response.header.rcode = RCODE.NXDOMAIN;
        continue;
      }
      if (entry.drop) silent = true;
      if (entry.rcode) {
        response.header.rcode = RCODE[entry.rcode];
        continue;
      }
      const ttl = entry.ttl ?? 0;
      const base = { name: question.name, class: Packet.CLASS.IN, ttl };
      if (type === 'A' || type === 'AAAA') {
        for (const listed of pick(entry[type], queryNumber)) {
          const address = type === 'AAAA' ? plainIPv6(listed) : listed;
          response.answers.push({ ...base, type: Packet.TYPE[type], address } as unknown as Resource);
        }
      } else if (type === 'TXT') {
        for (const record of entry.TXT ?? []) {
          const data = typeof record === 'string' ? [record] : [...record];
          response.answers.push({ ...base, type: Packet.TYPE.TXT, data } as unknown as Resource);
        }
      } else if (type === 'NS') {
        for (const ns of entry.NS ?? []) response.answers.push({ ...base, type: Packet.TYPE.NS, ns } as unknown as Resource);
      }
    }
    if (!silent) send(response).catch(() => undefined);
  };

  const { udp, tcp, port } = await listenOnOnePort(handle);
  return {
    port,
    address: `127.0.0.1:${port}`,
    queries,
    set,
    remove: (name) => void entries.delete(normalize(name)),
    count: (name, type) => queries.filter((q) => q.name === normalize(name) && (!type || q.type === type)).length,
    lookups: (name, type) => new Set(queries.filter((q) => q.name === normalize(name) && (!type || q.type === type)).map((q) => `${q.type} ${q.id}`)).size,
    clearLog: () => void queries.splice(0),
    close: async () => {
      await Promise.all([new Promise<void>((resolve) => udp.close(() => resolve())), new Promise<void>((resolve) => tcp.close(() => resolve()))]);
    },
  };
}

type Handler = (request: DnsPacket, send: (response: DnsPacket) => Promise<Buffer>) => void;

async function listenOnOnePort(handle: Handler) {
  for (let attempt = 0; ; attempt++) {
    const udp = dns2.createUDPServer(handle as dns2.DnsHandler);
    udp.on('requestError', () => undefined);
    await udp.listen(0, '127.0.0.1');
    const port = (udp.address() as AddressInfo).port;
    // Many instances asking at once can overflow the default receive buffer (about 200 packets); a
    // dropped question is re-sent seconds later, which would read as a slow or repeated look.
    try {
      udp.setRecvBufferSize(4 * 1024 * 1024);
    } catch {
      // The kernel's limit (net.core.rmem_max) is lower: the default buffer stays.
    }
    const tcp = dns2.createTCPServer(handle as dns2.DnsHandler);
    tcp.on('requestError', () => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => resolve());
      });
      return { udp, tcp, port };
    } catch (error) {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      if (attempt >= 4) throw error;
    }
  }
}

function pick(source: RecordSource | undefined, queryNumber: number): readonly string[] {
  if (!source) return [];
  return typeof source === 'function' ? source(queryNumber) : source;
}

function typeName(type: number): QueryType {
  if (type === Packet.TYPE.A) return 'A';
  if (type === Packet.TYPE.AAAA) return 'AAAA';
  if (type === Packet.TYPE.TXT) return 'TXT';
  if (type === Packet.TYPE.NS) return 'NS';
  return 'OTHER';
}

// dns2 encodes only hex groups; the WHATWG serialiser turns ::ffff:127.0.0.1 into ::ffff:7f00:1.
function plainIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}
