import type { AppError } from '../errors.js';

/**
 * Tells an outage of a dependency from a fault of the service: given an error no use case
 * expected, returns the SERVICE_UNAVAILABLE AppError to answer instead (with retryAfterSeconds)
 * when a store could not be reached (refused, reset, timed out, shutting down, pool exhausted), or
 * undefined for anything else, which stays INTERNAL_ERROR. Driving adapters ask it once, where they
 * translate errors. Adapters: StorageFaultClassifier.
 */
export interface FaultClassifier {
  asOutage(error: unknown): AppError | undefined;
}
export const FaultClassifier = Symbol('FaultClassifier');
