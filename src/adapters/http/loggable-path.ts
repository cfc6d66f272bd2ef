// Paths that carry a secret in their last segments: a registration's confirmation token, and its
// page token. The router matches them whatever their case, so the redaction must too, and through
// any percent-encoding.
const SECRET_SEGMENT = /(^|\/)(confirm|registrations)(\/|$)/;

/** `path` as the access log may keep it: a confirmation link or a registration page, in any case or encoding, loses its token. */
export function loggablePath(path: string): string {
  const plain = normalized(path);
  const match = SECRET_SEGMENT.exec(plain);
  if (!match) return path;
  return `${plain.slice(0, match.index)}/${match[2]}/[redacted]`.replace(/^\/\//, '/');
}

/** Lower case, percent-decoded up to three times, backslashes read as slashes. */
function normalized(path: string): string {
  let text = path;
  for (let round = 0; round < 3 && text.includes('%'); round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      // A malformed escape elsewhere must not hide an encoded slash.
      decoded = text.replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
    }
    if (decoded === text) break;
    text = decoded;
  }
  return text.toLowerCase().replace(/\\/g, '/');
}
