import { base64Text, isRecord, parseJsonText } from '../scan/parsers/text-helpers.js';
import type { X402 } from '../scan/parsers/x402.js';
import { type CounterpartyFact, parseCounterpartyFact } from './declaration.js';

/**
 * x402 v1's network names and the CAIP-2 chains they are (x402 v2 writes CAIP-2 itself). A name
 * not listed here is not bound: guessing a chain would bind the wrong account.
 */
const V1_NETWORKS: Readonly<Record<string, string>> = {
  base: 'eip155:8453',
  'base-sepolia': 'eip155:84532',
  polygon: 'eip155:137',
  avalanche: 'eip155:43114',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana-devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
};

/**
 * The payment destinations an x402 answer of the domain's own site names (`accepts[].payTo` on
 * its `network`), as CAIP-10 facts: a CAIP-2 network as written (v2), a known v1 name mapped; a
 * destination that does not parse (a mistyped checksum included) or an unknown network is left out.
 */
export function observedDestinations(x402: X402): CounterpartyFact[] {
  const facts: CounterpartyFact[] = [];
  for (const { network, payTo } of x402.payTo) {
    const chain = network.includes(':') ? network : V1_NETWORKS[network];
    if (chain === undefined) continue;
    const read = parseCounterpartyFact('pay_to', `${chain}:${payTo}`);
    if (read.ok && !facts.some((f) => f.key === read.fact.key)) facts.push(read.fact);
  }
  return facts;
}

const MAX_DIRECTORY_KEYS = 20;
const MAX_DOCUMENT_CHARS = 256 * 1024;
const MAX_HEADER_CHARS = 8192;

/**
 * The JWKs of a Web Bot Auth key directory (`/.well-known/http-message-signatures-directory`, a
 * JWK Set: `{keys: [...]}`), untrusted and bounded: at most 20 objects, nothing else read. A body
 * that is not such a set gives none.
 */
export function directoryJwks(bodyText: string): Readonly<Record<string, unknown>>[] {
  const parsed = parseJsonText(bodyText, MAX_DOCUMENT_CHARS);
  const keys = parsed.ok && isRecord(parsed.value) ? parsed.value.keys : undefined;
  return Array.isArray(keys) ? keys.slice(0, MAX_DIRECTORY_KEYS).filter(isRecord) : [];
}

/**
 * The public keys an A2A agent card names for its signatures (A2A `AgentCard.signatures`, each a
 * JWS in JSON form whose base64url `protected` header may carry the signing `jwk`), untrusted and
 * bounded: at most 20 signatures read; a signature naming its key only by `kid` or `jku` gives none.
 */
export function agentCardJwks(bodyText: string): Readonly<Record<string, unknown>>[] {
  const parsed = parseJsonText(bodyText, MAX_DOCUMENT_CHARS);
  const signatures = parsed.ok && isRecord(parsed.value) ? parsed.value.signatures : undefined;
  if (!Array.isArray(signatures)) return [];
  const keys: Record<string, unknown>[] = [];
  for (const signature of signatures.slice(0, MAX_DIRECTORY_KEYS)) {
    const header = isRecord(signature) ? signature.protected : undefined;
    if (typeof header !== 'string' || header.length > MAX_HEADER_CHARS || !/^[A-Za-z0-9_-]+$/.test(header)) continue;
    const decoded = parseJsonText(base64Text(header), MAX_HEADER_CHARS);
    const jwk = decoded.ok && isRecord(decoded.value) ? decoded.value.jwk : undefined;
    if (isRecord(jwk)) keys.push(jwk);
  }
  return keys;
}
