/** A Strict-Transport-Security header read as RFC 6797 §6.1 reads it. */
export interface HstsPolicy {
  /** False when browsers ignore the header: a grammar error, a directive twice, or no max-age. */
  readonly valid: boolean;
  readonly maxAge: number | null;
  readonly includeSubDomains: boolean;
  readonly preload: boolean;
  /** The field held several headers (joined by commas); only the first counts (§8.1). */
  readonly severalHeaders: boolean;
  readonly errors: readonly HstsError[];
}

type HstsError = 'EMPTY' | 'BAD_SYNTAX' | 'DUPLICATE_DIRECTIVE' | 'NO_MAX_AGE' | 'BAD_MAX_AGE';

const MAX_HEADER_CHARS = 4096;
const DIRECTIVE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*(?:=[ \t]*([!#$%&'*+.^_`|~0-9A-Za-z-]+|"(?:[^"\\]|\\.)*"))?$/;

/**
 * Reads a Strict-Transport-Security value. A field holding several headers (a comma outside a
 * quoted string) is read from its first header only, as RFC 6797 §8.1 tells browsers. Directive
 * names are case-insensitive; each may appear once (§6.1), max-age is required and is 1*DIGIT,
 * possibly quoted; unknown directives are ignored. Reads at most 4096 characters; never throws.
 */
export function parseHsts(value: string): HstsPolicy {
  const text = typeof value === 'string' ? value.slice(0, MAX_HEADER_CHARS) : '';
  const first = splitOutsideQuotes(text, ',');
  const severalHeaders = first.length > 1;
  const result = (errors: HstsError[], maxAge: number | null = null, includeSubDomains = false, preload = false): HstsPolicy => ({
    valid: errors.length === 0,
    maxAge,
    includeSubDomains,
    preload,
    severalHeaders,
    errors,
  });
  if (first[0]!.trim() === '') return result(['EMPTY']);
  const seen = new Set<string>();
  let maxAge: number | null = null;
  let badMaxAge = false;
  for (const raw of splitOutsideQuotes(first[0]!, ';')) {
    const directive = raw.trim();
    if (directive === '') continue;
    const match = DIRECTIVE.exec(directive);
    if (!match) return result(['BAD_SYNTAX']);
    const name = match[1]!.toLowerCase();
    if (seen.has(name)) return result(['DUPLICATE_DIRECTIVE']);
    seen.add(name);
    if (name === 'max-age') {
      const v = unquote(match[2] ?? '');
      if (/^\d{1,15}$/.test(v)) maxAge = Number(v);
      else badMaxAge = true;
    }
  }
  if (badMaxAge) return result(['BAD_MAX_AGE']);
  if (maxAge === null) return result(['NO_MAX_AGE']);
  return result([], maxAge, seen.has('includesubdomains'), seen.has('preload'));
}

function unquote(v: string): string {
  return v.startsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
}

/** Splits on `separator` wherever it is outside a quoted string. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '\\') {
      current += c + (text[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}
