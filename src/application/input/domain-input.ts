import { parseDomainName, type DomainName } from '../../domain/domain-name.js';
import { AppError } from '../errors.js';

/** Parses a domain from outside or fails with VALIDATION_ERROR naming the input. */
export function requireDomainName(input: unknown): DomainName {
  if (typeof input !== 'string') throw new AppError('VALIDATION_ERROR', 'domain must be a string');
  const result = parseDomainName(input);
  if (!result.ok) throw new AppError('VALIDATION_ERROR', `Invalid domain "${printable(input)}": ${result.reason}.`);
  return result.name;
}

/**
 * The domain a person means when they paste into a form: a plain name as `requireDomainName`
 * reads it, or the host of a pasted http(s) URL (`https://example.com/page`, `example.com/page`),
 * with `tookHost` saying so. Anything else is refused with VALIDATION_ERROR. The API and MCP stay
 * strict: only forms are this lenient.
 */
export function domainFromPasted(input: unknown): { readonly domain: DomainName; readonly tookHost: boolean } {
  if (typeof input !== 'string') return { domain: requireDomainName(input), tookHost: false };
  const text = input.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text);
  if (!hasScheme && !text.includes('/')) return { domain: requireDomainName(text), tookHost: false };
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    throw new AppError('VALIDATION_ERROR', `"${printable(text)}" is neither a domain name nor a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('VALIDATION_ERROR', `Only http and https URLs can be scanned, not ${printable(url.protocol, 20)}.`);
  }
  return { domain: requireDomainName(url.hostname), tookHost: true };
}

/** A bounded, single-line rendering of untrusted input for an error message. */
export function printable(input: string, max = 80): string {
  const oneLine = input.replace(/[\u0000-\u001f\u007f]/g, '?');
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
