import { createHmac } from 'node:crypto';
import { injectable } from 'inversify';
import type { WebhookSigner } from '../../application/ports/webhook-signer.js';

/** Standard Webhooks v1 signatures: HMAC-SHA256 keyed with the base64 part of the `whsec_` secret. */
@injectable()
export class StandardWebhookSigner implements WebhookSigner {
  sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
    const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
    return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
  }
}
