import { parse } from 'tldts';

/**
 * A normalized host name: lower case, ASCII (punycode), no trailing dot, under a known public
 * suffix or itself a suffix of the Public Suffix List's private section (github.io).
 */
export type DomainName = string & { readonly __brand: 'DomainName' };

export type DomainNameResult = { readonly ok: true; readonly name: DomainName } | { readonly ok: false; readonly reason: string };

const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const MAX_INPUT_LENGTH = 1024;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const NON_ASCII = /[^\x00-\x7f]/;
// Characters that make the input a URL, an address or a path rather than a bare host name.
const NOT_A_HOST = /[\s/\\?#@:%[\]]/;

/**
 * Normalizes a user-supplied domain or host name (case, one trailing dot, IDN to punycode) and
 * refuses anything that is not a plain name under a public suffix: IP literals, ports, paths,
 * userinfo, empty or oversized labels, `localhost`, unknown suffixes and suffixes of the list's
 * ICANN section (`com`, `co.uk`). A suffix of the private section (github.io, myshopify.com) is
 * accepted: it is its owner's own site, a registrable unit of its own (see registrableDomain).
 * Never throws; the reason is one sentence fit for an error message.
 */
export function parseDomainName(input: string): DomainNameResult {
  if (typeof input !== 'string') return fail('a domain name must be a string');
  let name = input.trim();
  if (name.length === 0) return fail('the domain name is empty');
  if (name.length > MAX_INPUT_LENGTH) return fail('the domain name is too long');
  if (NOT_A_HOST.test(name)) {
    return fail('give a bare domain name such as example.com, without scheme, port, path or user');
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (NON_ASCII.test(name)) {
    const ascii = toAscii(name);
    if (ascii === undefined) return fail('the internationalized domain name is not valid');
    name = ascii;
  }
  name = name.toLowerCase();
  if (name.length > MAX_NAME_LENGTH) return fail(`the domain name is longer than ${MAX_NAME_LENGTH} characters`);
  const labels = name.split('.');
  for (const label of labels) {
    if (label.length === 0) return fail('the domain name has an empty label');
    if (label.length > MAX_LABEL_LENGTH) return fail(`a label is longer than ${MAX_LABEL_LENGTH} characters`);
    if (!LABEL.test(label)) return fail(`the label "${label}" has characters a host name cannot have`);
  }
  if (name === 'localhost' || name.endsWith('.localhost')) return fail('localhost is not a public domain');
  const info = parse(name, { allowPrivateDomains: true });
  if (info.isIp || /^[0-9.]+$/.test(name)) return fail('IP addresses are not accepted, only domain names');
  if (info.isIcann !== true && info.isPrivate !== true) return fail('the domain name has no known public suffix');
  if ((info.domain === null || info.domain === '') && !isPrivateSuffix(name, info.isPrivate)) {
    return fail('a public suffix cannot be checked or registered');
  }
  return { ok: true, name: name as DomainName };
}

/** Like parseDomainName but throws for invalid input; for trusted constants and tests. */
export function domainName(input: string): DomainName {
  const result = parseDomainName(input);
  if (!result.ok) throw new Error(`invalid domain name "${input}": ${result.reason}`);
  return result.name;
}

/**
 * The registrable domain (public suffix plus one label, private suffixes such as github.io
 * included) that `name` belongs to, or `name` itself when it is a private-section suffix:
 * github.io is its own unit, and alice.github.io another.
 */
export function registrableDomain(name: DomainName): DomainName {
  return (parse(name, { allowPrivateDomains: true }).domain ?? name) as DomainName;
}

/**
 * `name` followed by each parent up to and including its registrable domain, most specific first:
 * a.b.example.com gives [a.b.example.com, b.example.com, example.com]. Registry records of any of
 * these names may cover `name`.
 */
export function coveringNames(name: DomainName): DomainName[] {
  const top = registrableDomain(name);
  const names: DomainName[] = [name];
  let current: string = name;
  while (current !== top) {
    current = current.slice(current.indexOf('.') + 1);
    names.push(current as DomainName);
  }
  return names;
}

/** True when `name` is `ancestor` itself or one of its subdomains. */
export function isSameOrSubdomain(name: string, ancestor: string): boolean {
  return name === ancestor || name.endsWith(`.${ancestor}`);
}

// The owner of a private-section suffix registered it under an ICANN suffix (github.io under io),
// so it is a registrable name under the ICANN rules alone; a private entry that is not would be a
// registry's namespace, and is refused like one.
function isPrivateSuffix(name: string, isPrivate: boolean | null): boolean {
  return isPrivate === true && parse(name, { allowPrivateDomains: false }).domain !== null;
}

function toAscii(name: string): string | undefined {
  try {
    // The WHATWG URL parser applies UTS #46 mapping and punycode, as browsers do.
    const host = new URL(`http://${name}/`).hostname;
    return NON_ASCII.test(host) ? undefined : host;
  } catch {
    return undefined;
  }
}

function fail(reason: string): DomainNameResult {
  return { ok: false, reason };
}
