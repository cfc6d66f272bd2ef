import type { BlockRequest } from '../../application/registry/manage-blocklist.js';

/**
 * Reads a blocklist file: one domain a line, optionally followed by a reason; `#` starts a
 * comment; blank lines are skipped.
 */
export function parseBlocklistFile(text: string): BlockRequest[] {
  const requests: BlockRequest[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const [domain, ...reason] = line.split(/\s+/);
    requests.push({ domain: domain!, reason: reason.length > 0 ? reason.join(' ') : undefined });
  }
  return requests;
}
