import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { dirname, relative, resolve, isAbsolute } from 'node:path';

const HOST_NAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const ADDR_SPEC =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** An IP address, or a host name that could resolve (not a dotted number that is no address, like 999.1.1.1). */
export function isHost(value: string): boolean {
  if (isIP(value) !== 0) return true;
  return HOST_NAME.test(value) && !/^[\d.]+$/.test(value);
}

/** `someone@example.com` or `Name <someone@example.com>` (RFC 5322 name-addr, without comments or quoted parts). */
export function isMailbox(value: string): boolean {
  const named = /^[^<>@\r\n"]{1,200}<([^<>\s]+)>$/.exec(value.trim());
  return ADDR_SPEC.test(named ? named[1]! : value.trim());
}

/**
 * Why a `sqlite:` DATABASE_URL cannot be used, or undefined. Its folder is created on first start
 * only inside the working directory (./data by default); anywhere else it must exist already, so a
 * typo never creates folders elsewhere on the file system.
 */
export function sqliteFolderProblem(databaseUrl: string, cwd = process.cwd()): string | undefined {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') return undefined;
  const folder = dirname(resolve(cwd, file));
  if (existsSync(folder)) return undefined;
  const inside = relative(cwd, folder);
  if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) return undefined;
  return `names the folder ${folder}, which does not exist (create it first; only folders inside the working directory are created)`;
}

export function isOrigin(item: string): boolean {
  try {
    const url = new URL(item);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** A Host header value: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
export function isHostHeader(item: string): boolean {
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(item);
}

// RFC 9116 §2.5.3: the contact is a URI; a mailto: one must name a plain address.
export function isSecurityContact(value: string): boolean {
  if (/^mailto:/i.test(value)) return /^mailto:[^<>\s]+$/i.test(value) && isMailbox(value.slice(7));
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

export function isNetwork(item: string): boolean {
  try {
    if (item.includes('/')) ipaddr.parseCIDR(item);
    else ipaddr.parse(item);
    return isIP(item.split('/')[0]!) !== 0;
  } catch {
    return false;
  }
}

/**
 * Why a server URL (`postgres://`, `smtp://`) cannot be used, or undefined: it must parse, use one
 * of `protocols`, name a host (PostgreSQL may name a socket folder as `?host=/path` instead) and a
 * port from 1 to 65535 when it names one, and percent-escape its user and password properly.
 */
export function serverUrlProblem(value: string, protocols: RegExp, socketHostAllowed = false): string | undefined {
  const example = socketHostAllowed ? 'postgres://user:password@db.example.com:5432/vetted' : 'smtp://user:password@mail.example.com:587';
  if (!URL.canParse(value)) return `is not a URL with a host name and a port from 1 to 65535 (such as ${example})`;
  const url = new URL(value);
  if (!protocols.test(url.protocol)) return `must use ${protocols.source.replace(/[\^$\\()?:]/g, '').replace('|', ' or ')}:// (such as ${example})`;
  if (url.port === '0') return `names port 0; give a port from 1 to 65535 (such as ${example})`;
  if (url.hostname === '' && !(socketHostAllowed && url.searchParams.get('host')?.startsWith('/'))) return `names no host (such as ${example})`;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return 'has a malformed percent-escape in its user name or password';
  }
  return undefined;
}

/** Whether the user name and password of URL `value` percent-decode (CDN_PURGE_URL sends them as Basic credentials). */
export function credentialsDecode(value: string): boolean {
  const url = new URL(value);
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return true;
  } catch {
    return false;
  }
}

/** `text` with control and non-ASCII characters shown as `?`, so that an echoed value stays one line. */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
