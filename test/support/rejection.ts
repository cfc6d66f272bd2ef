import { expect } from 'chai';
import type { AppError } from '../../src/application/errors.js';

/** What `promise` rejects with; fails the test when it resolves. */
export async function rejection<E = AppError>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  return expect.fail('expected a rejection');
}
