import type { JsonErrorCode } from './json-declarations.js';
import { isHttpUrl } from './text-helpers.js';

export { readObject } from './json-declarations.js';

/** What a metadata document at a well-known path says, as far as a declaration needs it. */
export interface MetadataDocument<E extends string> {
  /** True when the document has what its standard requires. */
  readonly valid: boolean;
  /** How many entries it lists (APIs, authorization servers, grant types, keys). */
  readonly count: number;
  readonly errors: readonly (JsonErrorCode | E)[];
}

/** A document that could not be read as JSON. */
export function unreadable(error: JsonErrorCode): MetadataDocument<never> {
  return { valid: false, count: 0, errors: [error] };
}

/** A document with one error. */
export function invalid<E extends string>(error: E): MetadataDocument<E> {
  return { valid: false, count: 0, errors: [error] };
}

/** True for an absolute https URL. */
export function isHttpsUrl(text: string): boolean {
  return isHttpUrl(text) && text.toLowerCase().startsWith('https://');
}
