import { AppError } from '../errors.js';
import type { AddressGuard } from '../ports/address-guard.js';
import type { DnsResolver } from '../ports/dns-resolver.js';

/**
 * Refuses a callback URL that is not https, carries credentials, names port 0, or whose host resolves to no
 * address the outbound policy allows (private, loopback, link-local and metadata addresses,
 * unless the operator allowed their network). Deliveries are checked again at every attempt.
 */
export async function checkCallbackUrl(callbackUrl: string, resolver: DnsResolver, guard: AddressGuard): Promise<URL> {
  const url = new URL(callbackUrl);
  if (url.protocol !== 'https:') throw new AppError('VALIDATION_ERROR', 'callback_url must be an https URL.');
  if (url.username !== '' || url.password !== '') throw new AppError('VALIDATION_ERROR', 'callback_url must not carry a user name or password.');
  // WHATWG URLs accept port 0, which no server listens on: what would be called is undefined.
  if (url.port !== '' && Number(url.port) < 1) throw new AppError('VALIDATION_ERROR', 'callback_url must name a port from 1 to 65535, or none (443).');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal (dotted IPv4, or IPv6 with colons) resolves to itself, as the resolver would answer.
  const addresses = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(':') ? [host] : await resolver.resolveAddresses(host);
  if (addresses.length === 0) throw new AppError('VALIDATION_ERROR', `callback_url's host ${host} has no address.`);
  const verdicts = addresses.map((address) => ({ address, verdict: guard.check(address) }));
  const refused = verdicts.find((v) => !v.verdict.allowed);
  if (refused && !refused.verdict.allowed) {
    throw new AppError('VALIDATION_ERROR', `callback_url's host ${host} resolves to ${refused.address}, which Vetted never calls (${refused.verdict.reason}).`);
  }
  return url;
}
