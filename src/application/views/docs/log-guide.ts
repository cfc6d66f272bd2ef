import { logOrigin } from '../../../domain/log/checkpoint.js';
import { LOG_EVENT_TYPES } from '../../../domain/log/log-event.js';
import { TILE_WIDTH } from '../../../domain/log/tiles.js';
import { FULL_TILE_CACHE_SECONDS, PARTIAL_TILE_CACHE_SECONDS } from '../../log/read-log.js';
import { CHECKPOINT_RENEW_SECONDS, SEQUENCE_EVERY_MS } from '../../log/sequence-log.js';
import { duration } from './doc-formats.js';

/** The "Transparency log" section of /api.md: what is logged and how, and how an agent checks a verdict with it. */
export function transparencyLogGuide(baseUrl: string): string {
  return [
    `Every write that changes a verdict is appended, once and in one order for every instance, to an append-only Merkle log (RFC 6962 / RFC 9162: SHA-256, \`0x00\` leaf and \`0x01\` node prefixes): ${LOG_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}. A leaf is the RFC 8785 JSON of \`{type, domain, at, data}\`, \`data\` holding the row's public fields only: an entity's id, name, domain, type, level, coverage, status and dates; a block's domain, reason and date; a report's id, domain, date, methodology version, score and content digest; a payment destination's or key's value, entity, how and where it was declared, and its dates. Nothing personal is logged: no e-mail address, no token, no secret; a registration becomes public only as the verified entity. An expiry is appended when the sequencer first sees it passed.`,
    '',
    `- \`GET /log/checkpoint\`: a C2SP \`tlog-checkpoint\` (origin \`${logOrigin(baseUrl)}\`, tree size, base64 root) in a C2SP \`signed-note\`, signed with the Ed25519 key of \`/.well-known/jwks.json\` (key id as the signed-note spec computes it; \`GET /log/key\` gives the verifier key); a new one within ${duration(SEQUENCE_EVERY_MS / 1000, 'second')} of an append, and at least every ${duration(CHECKPOINT_RENEW_SECONDS)}.`,
    `- The C2SP \`tlog-tiles\` layout under \`/log/tile/\` (tiles of ${TILE_WIDTH}): a full tile is \`Cache-Control: public, max-age=${FULL_TILE_CACHE_SECONDS}, immutable\`, a partial one \`public, max-age=${PARTIAL_TILE_CACHE_SECONDS}\`. Only what the latest checkpoint covers is served.`,
    "- A signed verdict (`Accept: application/jose`) carries a `log` claim: `leaf_index` and `leaf` (the latest entry about the name or a name covering it), `tree_size`, `checkpoint` (the signed note of that tree) and `inclusion_path`. To check it: verify the JWS with the JWKS, the checkpoint's signature with the same key, hash `leaf` as an RFC 6962 leaf and verify the inclusion proof against the checkpoint's root; keep checkpoints and ask `/log/consistency` that a later one extends them. `vetted verify-signature FILE --checkpoint CHECKPOINT` does all of it; `vetted log verify --url …` audits the whole log.",
  ].join('\n');
}
