/** One domain of a scan list, with the line it is on (from 1, as an editor counts). */
export interface ScanListEntry {
  readonly line: number;
  /** The text of the line without its comment, not yet checked to be a domain. */
  readonly domain: string;
}

/** Reads a scan list: one domain a line; `#` starts a comment; blank lines are skipped. */
export function parseScanList(text: string): ScanListEntry[] {
  const entries: ScanListEntry[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const domain = raw.replace(/#.*$/, '').trim();
      if (domain !== '') entries.push({ line: index + 1, domain });
    });
  return entries;
}
