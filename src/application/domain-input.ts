import { parseDomainName, type DomainName } from '../domain/domain-name.js';
import { AppError } from './errors.js';

/** Parses a domain from outside or fails with VALIDATION_ERROR naming the input. */
export function requireDomainName(input: unknown): DomainName {
  if (typeof input !== 'string') throw new AppError('VALIDATION_ERROR', 'domain must be a string');
  const result = parseDomainName(input);
  if (!result.ok) throw new AppError('VALIDATION_ERROR', `Invalid domain "${printable(input)}": ${result.reason}.`);
  return result.name;
}

/** A bounded, single-line rendering of untrusted input for an error message. */
export function printable(input: string, max = 80): string {
  const oneLine = input.replace(/[\u0000-\u001f\u007f]/g, '?');
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
