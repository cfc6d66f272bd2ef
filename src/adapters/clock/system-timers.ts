import { setTimeout as sleep } from 'node:timers/promises';
import { injectable } from 'inversify';
import type { Timers } from '../../application/ports/timers.js';

@injectable()
export class SystemTimers implements Timers {
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    await sleep(ms, undefined, { signal }).catch((error: unknown) => {
      if (!signal?.aborted) throw error;
    });
  }

  deadline(ms: number): AbortSignal {
    return AbortSignal.timeout(ms);
  }
}
