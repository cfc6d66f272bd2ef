import { EVENT_TYPES } from '../../../domain/events/watched-state.js';

/** The "Watches and events" section of /api.md: watches, events, delivery, retries and the threat model. */
export function watchesGuide(baseUrl: string): string {
  return `## Watches and events

Be told when a counterparty's verdict changes instead of asking again.

| Request | Answer |
|---|---|
| \`POST /watches\` \`{"domain", "callback_url", "events"?}\` | 201 \`{watch_id, domain, callback_url, events, status, …, links, secret, token}\`: \`secret\` (\`whsec_…\`) signs the deliveries and \`token\` (\`wtk_…\`) manages the watch; both are shown only here |
| \`GET /watches/{id}\` | the watch (\`status\` active or disabled, \`disabled_reason\`, \`failing_since\`), with \`Authorization: Bearer <token>\` |
| \`DELETE /watches/{id}\` | 204; deliveries not yet made are dropped |
| \`GET /watches/{id}/deliveries\` | the latest 50 attempts, newest first: \`{webhook_id, event_type, attempt, at, status, error, duration_ms, outcome}\` |

Events (all unless \`events\` narrows them): ${EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}. Each delivery is a POST of
\`{"type", "timestamp", "data": {"event_id", "domain", "previous", "current", "links": {"verify", "history", "report"?}}}\`.
An event is made once per change, whichever instance saw the write, from the registry writes themselves (and, for what time
alone changes, expiry and readiness going stale, from a look at every watched domain each minute). The first state is the one
at the watch's creation: nothing is sent for it.

Delivery follows Standard Webhooks (standardwebhooks.com): headers \`webhook-id\` (the same on every retry: deduplicate on it),
\`webhook-timestamp\` (seconds) and \`webhook-signature\` (\`v1,\` and the base64 HMAC-SHA256 of \`{id}.{timestamp}.{body}\`
keyed with the base64 part of the secret). Any of its libraries verifies it, for example
\`new Webhook(secret).verify(body, headers)\` with the \`standardwebhooks\` package. A 2xx answer delivers; anything else is
retried after 30 s, 1 min, 2 min … at most an hour apart, for 24 hours; a watch's events go out one at a time, oldest first, so
a later event waits behind a failing one. After 24 hours of failing the watch is disabled and says why. At least once: a
receiver may see a delivery twice.

Limits: 20 active watches per client address and 100 per callback host (\`RATE_LIMITED\`, 429).

Threat model: a callback URL is hostile input. It must be https without credentials, and its host may resolve only to public
addresses (no private, loopback, link-local or cloud metadata address, unless the operator allowed that network), checked at
creation and again, through the same address policy and pinned connection as scans, at every delivery, so a DNS change after
creation does not turn Vetted against an internal service. Deliveries never follow redirects, give up after 10 s and read at
most 16 KiB of the answer, which is otherwise ignored. The signature lets a receiver reject forged or replayed deliveries
(check the timestamp is recent); the token lets only the watch's creator read or delete it, and only its hash is stored. See
${baseUrl}/api.md for the rest of the API.
`;
}
