import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PopularityList } from '../../domain/trust/popularity.js';
import { ConfigError } from './config-error.js';

/** The list shipped with Vetted (see popularity/README.md beside it), read when POPULAR_DOMAINS_FILE is unset. */
export const SHIPPED_POPULAR_DOMAINS_FILE = fileURLToPath(new URL('./popularity/cloudflare-radar-top100k-2026-08.csv', import.meta.url));

const DOMAIN = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const loaded = new Map<string, { readonly stamp: string; readonly list: PopularityList }>();

/**
 * Reads a popularity list: `# source: words` and `# as_of: YYYY-MM-DD` header lines, then
 * `bucket,domain` lines (a registrable domain in lower case and the smallest top-N bucket holding
 * it); other `#` lines are comments. Anything else stops start-up, naming the line. Read once per
 * file and kept: configurations loaded again in one process share it.
 */
export function readPopularDomainsFile(path: string): PopularityList {
  let stamp: string;
  let text: string;
  try {
    const stat = statSync(path);
    stamp = `${stat.size}:${stat.mtimeMs}`;
    const kept = loaded.get(path);
    if (kept?.stamp === stamp) return kept.list;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Invalid configuration: POPULAR_DOMAINS_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const list = parse(text);
  loaded.set(path, { stamp, list });
  return list;
}

function parse(text: string): PopularityList {
  const header = new Map<string, string>();
  const entries: Array<readonly [string, number]> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const fail = (problem: string): never => {
      throw new ConfigError(`Invalid configuration: POPULAR_DOMAINS_FILE line ${i + 1}: ${problem}.`);
    };
    if (line.startsWith('#')) {
      const field = /^#\s*(source|as_of):\s*(.+)$/.exec(line);
      if (field) header.set(field[1]!, field[2]!.trim());
      continue;
    }
    const comma = line.indexOf(',');
    const bucket = Number(line.slice(0, comma));
    const domain = line.slice(comma + 1);
    if (comma < 1 || !Number.isInteger(bucket) || bucket < 1) fail('expected bucket,domain with a whole bucket such as 1000');
    if (!DOMAIN.test(domain)) fail(`${JSON.stringify(domain)} is not a lower-case domain name`);
    entries.push([domain, bucket]);
  }
  const source = header.get('source');
  const asOf = header.get('as_of');
  if (source === undefined) throw new ConfigError('Invalid configuration: POPULAR_DOMAINS_FILE has no "# source: …" line naming the list.');
  if (asOf === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf))) {
    throw new ConfigError('Invalid configuration: POPULAR_DOMAINS_FILE has no "# as_of: YYYY-MM-DD" line dating the list.');
  }
  if (entries.length === 0) throw new ConfigError('Invalid configuration: POPULAR_DOMAINS_FILE lists no domain.');
  return PopularityList.of(source, asOf, entries);
}
