/** Text cut down to a size a parser accepts; `truncated` says whether anything was dropped. */
export interface CappedText {
  readonly text: string;
  readonly truncated: boolean;
}

/** Lines of a text, split on LF, CRLF or CR, without their terminators. */
export interface SplitLines {
  readonly lines: readonly string[];
  readonly truncated: boolean;
}

/** The outcome of parsing JSON that came from a site. */
export type JsonTextResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: 'EMPTY' | 'TOO_LARGE' | 'HTML' | 'INVALID_JSON' };

const HTML_SNIFF_CHARS = 2048;
const HTML_MARKER = /<(?:!doctype\s+html|html|head|body)[\s>/]/i;

/** Removes one leading byte order mark; returns any non-string as the empty string. */
export function stripBom(text: string): string {
  if (typeof text !== 'string') return '';
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Strips a BOM and keeps at most `maxChars` UTF-16 code units; never throws. */
export function capText(text: string, maxChars: number): CappedText {
  const clean = stripBom(text);
  if (clean.length <= maxChars) return { text: clean, truncated: false };
  return { text: clean.slice(0, Math.max(0, maxChars)), truncated: true };
}

/**
 * Splits at most the first `maxChars` characters into at most `maxLines` lines.
 * A final line cut by the character cap is kept (it is what the cap let through).
 */
export function splitLines(text: string, maxChars: number, maxLines: number): SplitLines {
  const capped = capText(text, maxChars);
  const source = capped.text;
  const lines: string[] = [];
  let start = 0;
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (lines.length >= maxLines) return { lines, truncated: true };
      lines.push(source.slice(start, i));
      i += c === 13 && source.charCodeAt(i + 1) === 10 ? 2 : 1;
      start = i;
    } else {
      i += 1;
    }
  }
  if (start < source.length) {
    if (lines.length >= maxLines) return { lines, truncated: true };
    lines.push(source.slice(start));
  }
  return { lines, truncated: capped.truncated };
}

/**
 * True when the text is (the start of) an HTML page: the soft-404 guard for files that must be
 * plain text, Markdown or JSON. Only the first 2 KiB are looked at, so it is cheap on any input.
 * Inline HTML in Markdown (`<div align="center">`) does not count; a document marker does.
 */
export function looksLikeHtml(text: string): boolean {
  const head = stripBom(text).slice(0, HTML_SNIFF_CHARS);
  return HTML_MARKER.test(head);
}

/** Collapses runs of white space to one space, trims, and cuts to `maxChars`. */
export function collapseWhitespace(text: string, maxChars: number): string {
  return text
    .slice(0, maxChars * 4)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars);
}

/** True for an absolute http: or https: URL that the WHATWG URL parser accepts. */
export function isHttpUrl(text: string): boolean {
  if (text.length > 4096 || !/^https?:\/\//i.test(text)) return false;
  return URL.canParse(text);
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a non-empty string (trimmed, cut to `maxChars`), else null. */
export function stringOrNull(value: unknown, maxChars = 1024): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, maxChars);
}

/**
 * Parses JSON from a site after refusing oversized text (before JSON.parse sees it) and HTML.
 * Never throws: malformed input gives `{ ok: false, error }`.
 */
export function parseJsonText(text: string, maxChars: number): JsonTextResult {
  const clean = stripBom(text);
  if (clean.length > maxChars) return { ok: false, error: 'TOO_LARGE' };
  if (clean.trim() === '') return { ok: false, error: 'EMPTY' };
  if (looksLikeHtml(clean)) return { ok: false, error: 'HTML' };
  try {
    return { ok: true, value: JSON.parse(clean) as unknown };
  } catch {
    return { ok: false, error: 'INVALID_JSON' };
  }
}

/** Markdown ATX heading text without its closing run of `#`, white space collapsed, at most 300 characters. */
export function headingText(raw: string): string {
  return collapseWhitespace(raw, 600).replace(/\s#+$/, '').slice(0, 300).trim();
}

/** The UTF-8 text of base64 or base64url `value` (padding optional). Throws on what is not base64. */
export function base64Text(value: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
