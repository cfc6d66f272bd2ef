// URL helpers of the site fetcher: parsing what may be fetched, resolving redirects, the host to resolve.

/** An absolute http(s) URL without credentials, or the reason it is not one. */
export function parseHttpUrl(text: string, base?: URL): URL | string {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return `not a valid URL: ${text.slice(0, 200)}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `unsupported scheme ${url.protocol}`;
  if (url.username || url.password) return 'URLs with credentials are not fetched';
  return url;
}

/** The absolute form of a Location header, or the header as sent when it does not parse. */
export function safeResolve(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

// The WHATWG parser has already normalised IPv4 spellings (2130706433, 0x7f.1) to dotted form.
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
