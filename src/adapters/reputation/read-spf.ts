import { isIPv4, isIPv6 } from 'node:net';
import type { SpfVerdict } from '../../application/ports/reputation-checks.js';

// RFC 7208 section 4.5: the version section is exactly "v=spf1", ended by a space or the record's end.
const VERSION = /^v=spf1(?: |$)/i;
const MODIFIER = /^([a-z][a-z0-9_.-]*)=([\x21-\x7e]*)$/i;
const MECHANISM = /^[+?~-]?([a-z][a-z0-9]*)(.*)$/i;
const DOMAIN_SPEC = /^:[\x21-\x7e]+$/;
const DOMAIN_AND_CIDR = /^(?::[\x21-\x2e\x30-\x7e]+)?(?:\/(\d{1,2}))?(?:\/\/(\d{1,3}))?$/;
const IP4 = /^:([0-9.]+)(?:\/(\d{1,2}))?$/;
const IP6 = /^:([0-9a-f:.]+)(?:\/(\d{1,3}))?$/i;
const MAX_SHOWN = 1024;

/**
 * Reads the SPF policy from a domain's TXT records (each a list of character-strings, joined without
 * separator as RFC 7208 section 3.3 says). No SPF record: not published. More than one: not
 * published, `multiple_records` (a permerror). One that breaks the term grammar of section 12
 * (unknown mechanism, bad address or prefix, repeated redirect or exp): not published, `malformed`.
 */
export function readSpf(records: readonly (readonly string[])[]): SpfVerdict {
  const spf = records.map((strings) => strings.join('')).filter((text) => VERSION.test(text));
  if (spf.length === 0) return { published: false };
  if (spf.length > 1) return { published: false, error: 'multiple_records' };
  const record = spf[0]!;
  const shown = record.length > MAX_SHOWN ? `${record.slice(0, MAX_SHOWN)}...` : record;
  const seen = new Set<string>();
  const terms = record.slice('v=spf1'.length).split(' ').filter(Boolean);
  const wellFormed = terms.every((term) => isWellFormedTerm(term, seen));
  return wellFormed ? { published: true, record: shown } : { published: false, record: shown, error: 'malformed' };
}

function isWellFormedTerm(term: string, seen: Set<string>): boolean {
  const modifier = MODIFIER.exec(term);
  if (modifier) {
    const name = modifier[1]!.toLowerCase();
    if (name !== 'redirect' && name !== 'exp') return true;
    if (seen.has(name) || modifier[2] === '') return false;
    seen.add(name);
    return true;
  }
  const mechanism = MECHANISM.exec(term);
  if (!mechanism) return false;
  const rest = mechanism[2]!;
  switch (mechanism[1]!.toLowerCase()) {
    case 'all':
      return rest === '';
    case 'include':
    case 'exists':
      return DOMAIN_SPEC.test(rest);
    case 'ptr':
      return rest === '' || DOMAIN_SPEC.test(rest);
    case 'a':
    case 'mx': {
      const match = DOMAIN_AND_CIDR.exec(rest);
      return match !== null && prefixWithin(match[1], 32) && prefixWithin(match[2], 128);
    }
    case 'ip4': {
      const match = IP4.exec(rest);
      return match !== null && isIPv4(match[1]!) && prefixWithin(match[2], 32);
    }
    case 'ip6': {
      const match = IP6.exec(rest);
      return match !== null && isIPv6(match[1]!) && prefixWithin(match[2], 128);
    }
    default:
      return false;
  }
}

function prefixWithin(text: string | undefined, max: number): boolean {
  return text === undefined || Number(text) <= max;
}
