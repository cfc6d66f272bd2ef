import { extname } from 'node:path';
import { IMPORT_FIELDS, type ImportLine } from '../../application/registry/import-entities.js';

/**
 * Reads an entity import file into its lines, numbered as an editor numbers them; blank lines are
 * skipped. JSON Lines (`.jsonl`, `.ndjson`, or a file whose first non-blank character is `{`): one
 * object a line. Otherwise CSV: a header naming the columns, then one entity a line, fields split
 * at every comma. Quoted fields are not supported, so a line with a double quote is unreadable
 * (a name with a comma needs JSON Lines). A line that cannot be read comes back as `unreadable`;
 * checking the fields is the use case's business.
 */
export function parseEntityFile(file: string, text: string): ImportLine[] {
  const body = text.replace(/^\uFEFF/, '');
  const extension = extname(file).toLowerCase();
  const jsonLines = extension === '.jsonl' || extension === '.ndjson' || (extension !== '.csv' && body.trimStart().startsWith('{'));
  const lines = body.split(/\r?\n/);
  return jsonLines ? parseJsonLines(lines) : parseCsv(lines);
}

function parseJsonLines(lines: readonly string[]): ImportLine[] {
  const parsed: ImportLine[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      parsed.push({ line, unreadable: 'not valid JSON' });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) parsed.push({ line, unreadable: 'expected a JSON object' });
    else parsed.push({ line, fields: value as Record<string, unknown> });
  });
  return parsed;
}

function parseCsv(lines: readonly string[]): ImportLine[] {
  const numbered = lines.map((text, i) => ({ text, line: i + 1 })).filter((l) => l.text.trim() !== '');
  const [header, ...rows] = numbered;
  if (!header) return [];
  if (header.text.includes('"')) return [{ line: header.line, unreadable: QUOTES }];
  const columns = header.text.split(',').map((c) => c.trim().toLowerCase());
  const unknown = columns.filter((c) => !IMPORT_FIELDS.includes(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (unknown.length > 0 || repeated.length > 0) {
    const problem = unknown.length > 0 ? `unknown column ${JSON.stringify(unknown[0]!.slice(0, 40))}` : `column ${JSON.stringify(repeated[0])} twice`;
    return [{ line: header.line, unreadable: `${problem} in the header; the columns are ${IMPORT_FIELDS.join(', ')}` }];
  }
  return rows.map(({ text, line }): ImportLine => {
    if (text.includes('"')) return { line, unreadable: QUOTES };
    const cells = text.split(',').map((c) => c.trim());
    if (cells.length !== columns.length) {
      const found = `${cells.length} field${cells.length === 1 ? '' : 's'}`;
      return { line, unreadable: `${found} where the header has ${columns.length} (a comma inside a field needs JSON Lines)` };
    }
    // An empty cell is an absent field, so that its default applies.
    const fields = Object.fromEntries(columns.flatMap((c, i) => (cells[i] === '' ? [] : [[c, cells[i]]])));
    return { line, fields };
  });
}

const QUOTES = 'quoted CSV fields are not supported (a field with a comma or a double quote needs JSON Lines)';
