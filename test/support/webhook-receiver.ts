import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import type { TestKeyPair } from './test-ca.js';

/** One delivery as the receiver saw it, its signature checked by the standardwebhooks package. */
interface ReceivedDelivery {
  readonly id: string;
  readonly timestamp: string;
  readonly verified: boolean;
  readonly body: any;
  readonly status: number;
}

/** A local HTTPS webhook receiver at `https://{host}/hook` (reach it through `site.portMap`). */
export interface WebhookReceiver {
  readonly site: FixtureSite;
  readonly deliveries: ReceivedDelivery[];
  /** The statuses to answer next, in turn; 200 once they run out. */
  answerWith(...statuses: number[]): void;
  /** Adds a secret deliveries may be signed with (one per watch); a delivery is verified when one of them verifies it. */
  useSecret(secret: string): void;
  close(): Promise<void>;
}

/**
 * Starts a receiver that checks every delivery's Standard Webhooks signature with the
 * `standardwebhooks` package, an implementation independent of Vetted's signer.
 */
export async function startWebhookReceiver(tls: TestKeyPair, host: string): Promise<WebhookReceiver> {
  const site = await startFixtureSite({ tls });
  const deliveries: ReceivedDelivery[] = [];
  const planned: number[] = [];
  const secrets: string[] = [];
  site.route(`${host}/hook`, {
    handler: (req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const status = planned.shift() ?? 200;
        const verified = secrets.some((secret) => {
          try {
            new Webhook(secret).verify(body, req.headers as Record<string, string>);
            return true;
          } catch {
            return false;
          }
        });
        deliveries.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          verified,
          body: JSON.parse(body || 'null'),
          status,
        });
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    },
  });
  return {
    site,
    deliveries,
    answerWith: (...statuses) => void planned.push(...statuses),
    useSecret: (s) => void secrets.push(s),
    close: () => site.close(),
  };
}
