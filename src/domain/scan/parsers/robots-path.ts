/**
 * Normalizes a path or pattern for comparison (RFC 9309 §2.2.2): decodes percent-encoded
 * unreserved characters, upper-cases other percent escapes, and percent-encodes non-ASCII and
 * characters a URI cannot hold. `*` and `$` are kept. Never throws (lone surrogates become U+FFFD).
 */
export function normalizeRobotsPath(path: string): string {
  let out = '';
  let i = 0;
  while (i < path.length) {
    const c = path.charCodeAt(i);
    if (c === 0x25 && isHex(path.charCodeAt(i + 1)) && isHex(path.charCodeAt(i + 2))) {
      const hex = path.slice(i + 1, i + 3).toUpperCase();
      const decoded = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex}`;
      i += 3;
    } else if (c < 0x80) {
      const ch = path.charAt(i);
      out += URI_CHAR.test(ch) ? ch : `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
      i += 1;
    } else {
      const cp = path.codePointAt(i) ?? 0xfffd;
      const width = cp > 0xffff ? 2 : 1;
      const isLoneSurrogate = cp >= 0xd800 && cp <= 0xdfff;
      out += encodeURIComponent(isLoneSurrogate ? '\ufffd' : String.fromCodePoint(cp));
      i += width;
    }
  }
  return out;
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;
const URI_CHAR = /^[A-Za-z0-9._~:/?#[\]@!$&'()*+,;=-]$/;

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
