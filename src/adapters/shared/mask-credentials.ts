// The user information of a URL (`scheme://user:password@host`), in any scheme; also when written
// percent-encoded or with a backslash, as some clients and logs print it. Greedy up to the last `@`
// before the path: a password may hold an unescaped `@`, and URL parsers split at the last one.
const USER_INFO = /\b([a-z][a-z0-9+.-]{0,31}:(?:\/|\\|%2f){2})[^\s/\\"<>?#]*@/gi;

/** `text` with the credentials of every URL in it masked: `postgres://u:pw@h/db` reads `postgres://***@h/db`. */
export function maskCredentials(text: string): string {
  return text.includes('@') ? text.replace(USER_INFO, '$1***@') : text;
}
