import { readFileSync } from 'node:fs';
import { parseCatalogEntry } from '../../domain/trust/brand-catalog.js';
import { ConfigError } from './config-error.js';

/**
 * Catalog lines (see parseCatalogEntry): `brand.com`, `brand.com: owned.de owned.co.uk`, or
 * `allow: word namesake.com`; `#` starts a comment. A line with a name that is not a domain stops
 * start-up, naming the line.
 */
export function readBrandFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Invalid configuration: BRAND_CATALOG_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const lines: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    const entry = parseCatalogEntry(line);
    if (entry.kind === 'skip') return;
    const problem = entry.kind === 'invalid' ? entry.reason : entry.invalid.length > 0 ? `${entry.invalid.join(', ')} is not a domain name` : null;
    if (problem !== null) throw new ConfigError(`Invalid configuration: BRAND_CATALOG_FILE line ${i + 1}: ${problem}.`);
    lines.push(line);
  });
  return lines;
}
