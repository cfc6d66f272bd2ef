import { parseSetCookie } from 'set-cookie-parser';

/** One cookie a response sets, as far as its protection goes. The name is site text: untrusted. */
export interface CookieFacts {
  /** Its place among the response's Set-Cookie headers, from 1: how a detail names it. */
  readonly position: number;
  readonly name: string;
  /** The name suggests a session or credential (session, sid, auth, token, jwt, login, remember). */
  readonly sessionLike: boolean;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  /** Strict, Lax or None as sent; 'missing' when absent; 'invalid' for any other value. */
  readonly sameSite: 'strict' | 'lax' | 'none' | 'missing' | 'invalid';
  /** What makes browsers refuse the cookie outright (RFC 6265bis prefixes; SameSite=None without Secure). */
  readonly rejectedBecause: string | null;
}

const MAX_COOKIES = 50;
const MAX_COOKIE_CHARS = 4096;
const SESSION_LIKE = /sess|(?:^|[._-])sid$|^sid|auth|token|jwt|login|remember/i;

/**
 * Reads Set-Cookie header values (one per header) with set-cookie-parser: at most MAX_COOKIES,
 * each cut to 4096 characters, values never decoded nor kept. Applies the rules browsers enforce
 * (RFC 6265bis): a `__Secure-` cookie needs Secure; a `__Host-` cookie needs Secure, Path=/ and
 * no Domain; SameSite=None needs Secure. Never throws.
 */
export function readSetCookies(values: readonly string[]): CookieFacts[] {
  const list = (Array.isArray(values) ? values : []).filter((v): v is string => typeof v === 'string').slice(0, MAX_COOKIES);
  return list.flatMap((raw, i) => {
    const parsed = parseSetCookie(raw.slice(0, MAX_COOKIE_CHARS), { decodeValues: false, silent: true, split: false })[0];
    if (!parsed) return [];
    const secure = parsed.secure === true;
    const sameSite = sameSiteOf(parsed.sameSite);
    return [
      {
        position: i + 1,
        name: parsed.name.slice(0, 100),
        sessionLike: SESSION_LIKE.test(parsed.name),
        secure,
        httpOnly: parsed.httpOnly === true,
        sameSite,
        rejectedBecause: rejection(parsed.name, secure, parsed.path, parsed.domain, sameSite),
      },
    ];
  });
}

function sameSiteOf(value: string | undefined): CookieFacts['sameSite'] {
  if (value === undefined) return 'missing';
  const v = value.trim().toLowerCase();
  return v === 'strict' || v === 'lax' || v === 'none' ? v : 'invalid';
}

function rejection(name: string, secure: boolean, path: string | undefined, domain: string | undefined, sameSite: CookieFacts['sameSite']): string | null {
  // Prefixes are matched case-insensitively by RFC 6265bis.
  const lower = name.toLowerCase();
  if (lower.startsWith('__host-') && (!secure || path !== '/' || domain !== undefined)) return 'a __Host- cookie needs Secure, Path=/ and no Domain';
  if (lower.startsWith('__secure-') && !secure) return 'a __Secure- cookie needs Secure';
  if (sameSite === 'none' && !secure) return 'SameSite=None needs Secure';
  return null;
}
