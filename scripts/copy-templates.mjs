// The build's second step: tsc emits only JavaScript, so every Markdown file under src/ (the
// published documents' templates) and every CSV (the shipped popularity list) is copied to the same
// place under dist/, where the built code reads it.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const from = 'src';
const to = join('dist', 'src');
const templates = readdirSync(from, { recursive: true }).filter((file) => /\.(md|csv)$/.test(String(file)));
for (const file of templates) cpSync(join(from, String(file)), join(to, String(file)));
console.log(`copied ${templates.length} templates and data files to ${to}`);
