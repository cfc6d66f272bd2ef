import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One purge request as the receiver saw it. */
interface ReceivedPurge {
  readonly keys: readonly string[];
  readonly contentType: string | undefined;
  readonly authorization: string | undefined;
  /** The status it was answered with. */
  readonly status: number;
}

/** A CDN purge endpoint on 127.0.0.1 (`url`), recording each POST's `surrogate_keys`. */
export interface PurgeReceiver {
  readonly url: string;
  readonly purges: ReceivedPurge[];
  /** Every key received, in order, one entry per key per request. */
  keys(): string[];
  /** The statuses to answer next, in turn; 200 once they run out. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startPurgeReceiver(): Promise<PurgeReceiver> {
  const purges: ReceivedPurge[] = [];
  const planned: number[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = planned.shift() ?? 200;
      const keys = (JSON.parse(body || '{}') as { surrogate_keys?: string[] }).surrogate_keys ?? [];
      purges.push({ keys, contentType: req.headers['content-type'], authorization: req.headers.authorization, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"status":"ok"}' : '{"status":"refused"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/purge`,
    purges,
    keys: () => purges.flatMap((p) => p.keys),
    answerWith: (...statuses) => void planned.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => undefined),
  };
}
