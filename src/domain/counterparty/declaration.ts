import { parseAccountId } from './caip.js';

/** What an entity may be paid at (`pay_to`, a CAIP-10 account) or signs with (`key`, an RFC 7638 JWK thumbprint). */
export const COUNTERPARTY_KINDS = ['pay_to', 'key'] as const;
export type CounterpartyKind = (typeof COUNTERPARTY_KINDS)[number];

/** One payment destination or key, as declared: `key` is the form two are compared by, `value` the one shown. */
export interface CounterpartyFact {
  readonly kind: CounterpartyKind;
  readonly key: string;
  readonly value: string;
}

/** What a declaration held: the facts it declares, and each line refused with its reason (the line bounded, untrusted). */
export interface Declaration {
  readonly facts: readonly CounterpartyFact[];
  readonly refused: readonly { readonly line: string; readonly reason: string }[];
}

/** The DNS name whose TXT records declare an entity's counterparty facts, under its proven domain. */
export const COUNTERPARTY_LABEL = '_vetted-counterparty';
/** The file on the proven host that declares them, one `pay_to: …` or `key: …` per line. */
export const COUNTERPARTY_WELL_KNOWN_PATH = '/.well-known/vetted-counterparty.txt';
/** The most facts one entity may declare: more are refused, each by name. */
export const MAX_COUNTERPARTY_FACTS = 20;

const THUMBPRINT = /^[A-Za-z0-9_-]{43}$/;
const LINE = /^(pay_to|key)\s*[:=]\s*(\S+)$/;
const MAX_LINE = 200;

/**
 * Reads one fact: `pay_to` takes a CAIP-10 account id (see parseAccountId: a mistyped EIP-55
 * checksum is refused), `key` an RFC 7638 JWK thumbprint (the base64url SHA-256, 43 characters).
 */
export function parseCounterpartyFact(kind: CounterpartyKind, text: string): { ok: true; fact: CounterpartyFact } | { ok: false; reason: string } {
  if (kind === 'key') {
    if (!THUMBPRINT.test(text)) return { ok: false, reason: 'a key is an RFC 7638 JWK thumbprint: 43 base64url characters' };
    return { ok: true, fact: { kind, key: text, value: text } };
  }
  const parsed = parseAccountId(text);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  return { ok: true, fact: { kind, key: parsed.account.key, value: `${parsed.account.chainId}:${parsed.account.address}` } };
}

/**
 * The facts of `lines` (TXT values `vetted-pay-to=…` and `vetted-key=…`, or the well-known
 * file's `pay_to: …` and `key: …` lines; blank lines and `#` comments skipped): each read by
 * parseCounterpartyFact, duplicates kept once, at most MAX_COUNTERPARTY_FACTS.
 */
export function readDeclaration(lines: readonly string[]): Declaration {
  const facts: CounterpartyFact[] = [];
  const refused: { line: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const raw of lines) {
    const line = raw
      .trim()
      .replace(/^vetted-pay-to=/, 'pay_to=')
      .replace(/^vetted-key=/, 'key=');
    if (line === '' || line.startsWith('#')) continue;
    const shown = line.slice(0, MAX_LINE);
    const match = LINE.exec(line);
    if (!match) {
      refused.push({ line: shown, reason: 'a line is "pay_to: <CAIP-10 account id>" or "key: <JWK thumbprint>"' });
      continue;
    }
    const read = parseCounterpartyFact(match[1] as CounterpartyKind, match[2]!);
    if (!read.ok) refused.push({ line: shown, reason: read.reason });
    else if (facts.length >= MAX_COUNTERPARTY_FACTS) refused.push({ line: shown, reason: `at most ${MAX_COUNTERPARTY_FACTS} facts are read` });
    else if (!seen.has(`${read.fact.kind} ${read.fact.key}`)) {
      seen.add(`${read.fact.kind} ${read.fact.key}`);
      facts.push(read.fact);
    }
  }
  return { facts, refused };
}

/** The TXT values at COUNTERPARTY_LABEL that declare facts (character-strings joined); other records are not ours. */
export function declarationLinesOfTxt(records: readonly (readonly string[])[]): string[] {
  return records.map((parts) => parts.join('')).filter((value) => value.startsWith('vetted-pay-to=') || value.startsWith('vetted-key='));
}
