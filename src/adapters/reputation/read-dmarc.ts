import type { DmarcVerdict } from '../../application/ports/reputation-checks.js';

// RFC 7489 section 6.4: "v" comes first and its value is exactly DMARC1; other TXT records are ignored.
const VERSION = /^v\s*=\s*DMARC1\s*(?:;|$)/i;
const TAG_NAME = /^[a-z][a-z0-9_]*$/;
const POLICIES = new Set(['none', 'quarantine', 'reject']);
const MAX_SHOWN = 1024;

/**
 * Reads the DMARC policy from the TXT records at `_dmarc.<domain>`. No DMARC record: not published.
 * More than one: not published, `multiple_records` (section 6.6.3: no policy applies). A record whose
 * tag list does not parse, repeats a tag, or lacks a valid `p`: not published, `malformed`. (Receivers
 * may fall back to p=none when such a record has a valid `rua`; a trust signal should not.)
 */
export function readDmarc(records: readonly (readonly string[])[]): DmarcVerdict {
  const dmarc = records.map((strings) => strings.join('')).filter((text) => VERSION.test(text) && hasExactVersion(text));
  if (dmarc.length === 0) return { published: false };
  if (dmarc.length > 1) return { published: false, error: 'multiple_records' };
  const record = dmarc[0]!;
  const shown = record.length > MAX_SHOWN ? `${record.slice(0, MAX_SHOWN)}...` : record;
  const policy = parseTags(record)?.get('p')?.toLowerCase();
  if (policy === undefined || !POLICIES.has(policy)) return { published: false, record: shown, error: 'malformed' };
  return { published: true, policy: policy as 'none' | 'quarantine' | 'reject', record: shown };
}

// The tag name is case-insensitive in the grammar, the value "DMARC1" is not.
function hasExactVersion(text: string): boolean {
  return text
    .slice(text.indexOf('=') + 1)
    .trimStart()
    .startsWith('DMARC1');
}

function parseTags(record: string): Map<string, string> | undefined {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const text = part.trim();
    if (text === '') continue;
    const equals = text.indexOf('=');
    if (equals <= 0) return undefined;
    const name = text.slice(0, equals).trim().toLowerCase();
    if (!TAG_NAME.test(name) || tags.has(name)) return undefined;
    tags.set(name, text.slice(equals + 1).trim());
  }
  return tags;
}
