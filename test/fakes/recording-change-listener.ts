import type { ChangeListener } from '../../src/application/ports/change-feed.js';

/** One call a change feed made, with when it arrived (performance.now()). */
export type ChangeEvent =
  | { readonly kind: 'changed'; readonly names: readonly string[]; readonly atMs: number }
  | { readonly kind: 'reset'; readonly atMs: number };

/** A ChangeListener that keeps every call, and lets a test wait for one. */
export class RecordingChangeListener implements ChangeListener {
  readonly events: ChangeEvent[] = [];
  private waiters: (() => void)[] = [];

  changed(names: readonly string[]): void {
    this.push({ kind: 'changed', names: [...names], atMs: performance.now() });
  }

  reset(): void {
    this.push({ kind: 'reset', atMs: performance.now() });
  }

  /** Every name delivered so far, in order. */
  get names(): string[] {
    return this.events.flatMap((e) => (e.kind === 'changed' ? e.names : []));
  }

  get resets(): number {
    return this.events.filter((e) => e.kind === 'reset').length;
  }

  /** When the first event from index `from` on that matches arrived; rejects after `timeoutMs`. */
  async waitFor(match: (event: ChangeEvent) => boolean, timeoutMs: number, from = 0): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found.atMs;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching change within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for `name` to be delivered (from event index `from` on); resolves with its arrival time. */
  waitForName(name: string, timeoutMs: number, from = 0): Promise<number> {
    return this.waitFor((e) => e.kind === 'changed' && e.names.includes(name), timeoutMs, from);
  }

  private push(event: ChangeEvent): void {
    this.events.push(event);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
