import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * SHA-256 over the UTF-8 bytes of the RFC 8785 (JCS) serialization of `content`: the 32 bytes
 * a report signature covers. Throws for content JCS cannot serialize (NaN, Infinity, a bare function).
 */
export function contentDigest(content: unknown): Buffer {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest();
}
