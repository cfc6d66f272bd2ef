import bundled from './data/rdap-bootstrap.json' with { type: 'json' };

/** Domain suffix (lower case, ASCII, no dots at the ends) to RDAP base URL (ending in `/`). */
export type RdapBootstrap = ReadonlyMap<string, string>;

/**
 * Reads an RDAP bootstrap file in the IANA format (RFC 9224: `services` is a list of
 * `[[suffixes...], [base URLs...]]`), keeping each entry's first https URL; entries without one are
 * skipped. The full https://data.iana.org/rdap/dns.json can stand in for the shipped trimmed copy.
 * @throws Error when the file is not in that format (a packaging mistake).
 */
function parseRdapBootstrap(file: unknown): RdapBootstrap {
  const services = (file as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) throw new Error('RDAP bootstrap file has no services list');
  const table = new Map<string, string>();
  for (const service of services) {
    if (!Array.isArray(service) || !isStringList(service[0]) || !isStringList(service[1])) {
      throw new Error('RDAP bootstrap service is not a pair of string lists');
    }
    const base = service[1].find((url) => url.toLowerCase().startsWith('https://'));
    if (!base) continue;
    for (const suffix of service[0]) table.set(normalize(suffix), withTrailingSlash(base));
  }
  return table;
}

/** The RDAP base URL for `domain`, by its longest suffix in the table, or undefined when none matches. */
export function rdapBaseFor(domain: string, bootstrap: RdapBootstrap): string | undefined {
  const labels = normalize(domain).split('.');
  for (let i = 1; i < labels.length; i++) {
    const base = bootstrap.get(labels.slice(i).join('.'));
    if (base) return base;
  }
  return undefined;
}

/** `url` with exactly one trailing slash, so that `${base}domain/...` resolves under it. */
export function withTrailingSlash(url: string): string {
  return `${url.replace(/\/+$/, '')}/`;
}

/** The trimmed bootstrap table shipped in data/rdap-bootstrap.json. */
export const BUNDLED_RDAP_BOOTSTRAP: RdapBootstrap = parseRdapBootstrap(bundled);

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function normalize(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '');
}
