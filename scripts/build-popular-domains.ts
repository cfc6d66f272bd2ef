// Derives the shipped popularity list from Cloudflare Radar's top-100,000 buckets as MISP's warning
// lists publish them (`bucket,domain` lines, the smallest bucket holding each name): each name is
// reduced to its registrable domain with the product's own function, so that a look-up finds it.
// Usage: npx tsx scripts/build-popular-domains.ts <radar.csv> <out.csv> <as_of> <source words>
import { readFileSync, writeFileSync } from 'node:fs';
import { parseDomainName, registrableDomain } from '../src/domain/domain-name.js';

const [input, output, asOf, ...sourceWords] = process.argv.slice(2);
if (!input || !output || !/^\d{4}-\d{2}-\d{2}$/.test(asOf ?? '') || sourceWords.length === 0) {
  console.error('usage: build-popular-domains.ts <radar.csv> <out.csv> <YYYY-MM-DD> <source words>');
  process.exit(2);
}
const best = new Map<string, number>();
let skipped = 0;
for (const line of readFileSync(input, 'utf8').split(/\r?\n/)) {
  const [bucketText, name] = line.split(',');
  const bucket = Number(bucketText);
  const parsed = name ? parseDomainName(name) : undefined;
  if (!parsed?.ok || !Number.isInteger(bucket)) {
    if (line.trim() !== '' && !line.startsWith('bucket')) skipped++;
    continue;
  }
  const domain = registrableDomain(parsed.name);
  const seen = best.get(domain);
  if (seen === undefined || bucket < seen) best.set(domain, bucket);
}
const rows = [...best].sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0));
const header = [
  `# source: ${sourceWords.join(' ')}`,
  `# as_of: ${asOf}`,
  "# licence: CC0 1.0 (as published by MISP/misp-warninglists); the data is Cloudflare Radar's",
  '# Registrable domains (Public Suffix List, private section included), each with the smallest top-N bucket holding it.',
];
writeFileSync(output, `${header.join('\n')}\n${rows.map(([d, b]) => `${b},${d}`).join('\n')}\n`);
console.log(`${rows.length} registrable domains from ${input} (${skipped} lines skipped)`);
