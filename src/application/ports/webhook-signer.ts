/**
 * Signs webhook deliveries as Standard Webhooks specifies: HMAC-SHA256, keyed with the base64
 * part of a `whsec_` secret, over `{id}.{timestamp}.{body}`. Adapters: StandardWebhookSigner.
 */
export interface WebhookSigner {
  /** The `webhook-signature` header value: `v1,` and the base64 signature. */
  sign(secret: string, messageId: string, timestampSeconds: number, body: string): string;
}
export const WebhookSigner = Symbol('WebhookSigner');
