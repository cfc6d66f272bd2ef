/** The current time. Adapters: SystemClock. Fake: FixedClock. */
export interface Clock {
  now(): Date;
}
export const Clock = Symbol('Clock');
