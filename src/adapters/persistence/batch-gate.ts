/**
 * When DataLoader may send the batch it is gathering: at once (after the current task's own loads
 * joined it) while fewer than `limit` batches are out, otherwise as soon as one comes back. So under
 * load the names asked while reads are out wait for one statement together, and a quiet service
 * sends each read at once. Per process; it holds callbacks, never data.
 */
export class BatchGate {
  private out = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** DataLoader's `batchScheduleFn`. */
  readonly schedule = (send: () => void): void => {
    if (this.out < this.limit) {
      this.out++;
      // A microtask later, not now: DataLoader schedules a batch before the first name joins it.
      queueMicrotask(send);
    } else this.waiting.push(send);
  };

  /** Runs a batch's read, then lets the next waiting batch go. */
  async run<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } finally {
      const next = this.waiting.shift();
      if (next) queueMicrotask(next);
      else this.out--;
    }
  }
}
