const LINE_BREAK = /\r\n?/g;
// C0 controls but tab and line feed, DEL, C1 controls, and the bidi embedding, override and
// isolate characters that could make a site's text display in an order it is not stored in.
const UNSAFE_CHAR = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const HTML_SPECIAL = /[&<>"']/g;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Makes text safe to display in any representation: CR LF and lone CR become LF; other control
 * characters (C0 but tab and LF, DEL, C1) and bidi embedding/override/isolate characters become
 * U+FFFD, so they stay visible without acting. Nothing else changes.
 */
export function neutralizeControls(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(UNSAFE_CHAR, '\uFFFD');
}

/**
 * Escapes a value for HTML text content and for double- or single-quoted attribute values:
 * `& < > " '` become character references, after `neutralizeControls`. Every value a page
 * interpolates goes through here, whether Vetted or the scanned site wrote it.
 */
export function escapeHtml(value: string | number): string {
  return neutralizeControls(String(value)).replace(HTML_SPECIAL, (c) => ENTITY[c] ?? c);
}
