import type { ChangeFeed, ChangeListener } from '../../src/application/ports/change-feed.js';

/** A ChangeFeed a test drives by hand: `emit` and `reset` reach the listener while started. */
export class ManualChangeFeed implements ChangeFeed {
  private listener: ChangeListener | undefined;
  starts = 0;
  stops = 0;

  async start(listener: ChangeListener): Promise<void> {
    this.starts++;
    this.listener = listener;
  }

  async stop(): Promise<void> {
    this.stops++;
    this.listener = undefined;
  }

  get started(): boolean {
    return this.listener !== undefined;
  }

  emit(...names: string[]): void {
    this.listener?.changed(names);
  }

  reset(): void {
    this.listener?.reset();
  }
}
