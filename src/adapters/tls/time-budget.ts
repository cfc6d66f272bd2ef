import { setMaxListeners } from 'node:events';

/**
 * One deadline joined with the caller's signal: `signal` aborts at whichever comes first, and
 * `cause` tells which it was. dispose() clears the timer and the listener on the caller's signal.
 */
export class TimeBudget {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private abortedBy: 'deadline' | 'caller' | undefined;

  constructor(
    readonly timeoutMs: number,
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => this.abort('deadline'), timeoutMs);
    if (caller) {
      // Every check of one request shares its signal: more listeners than Node's warning level.
      setMaxListeners(64, caller);
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
      if (caller.aborted) this.abort('caller');
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cause(): 'deadline' | 'caller' | undefined {
    return this.abortedBy;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  private readonly onCallerAbort = () => this.abort('caller');

  private abort(cause: 'deadline' | 'caller'): void {
    this.abortedBy ??= cause;
    this.controller.abort();
  }
}

/** Settles like `promise`, or rejects as soon as `signal` aborts. A lost race never goes unhandled. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
