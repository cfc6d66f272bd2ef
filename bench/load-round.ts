import autocannon from 'autocannon';

/** Connections of every throughput round. */
export const CONNECTIONS = 50;

/** One round's throughput and 99th percentile latency. */
export interface Measure {
  readonly rps: number;
  readonly p99: number;
}

/** Loads 127.0.0.1:`port` for `seconds` with the paths `path` hands out (and `headers`); any error or non-2xx fails the round. */
export async function measure(title: string, port: number, path: () => string, seconds: number, headers: Record<string, string> = {}): Promise<Measure> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (req: { path: string }) => Object.assign(req, { path: path() }) }],
  });
  const rps = Math.round(result.requests.average);
  console.log(`${title}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${title}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`);
  return { rps, p99: result.latency.p99 };
}
