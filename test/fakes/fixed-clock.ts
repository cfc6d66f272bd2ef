import type { Clock } from '../../src/application/ports/clock.js';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  private current: Date;

  constructor(start: string | Date = '2026-09-01T12:00:00.000Z') {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: string | Date): void {
    this.current = new Date(instant);
  }

  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}
