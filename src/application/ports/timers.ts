/** Waits and deadlines, so that no use case starts a timer itself. Adapters: SystemTimers. */
export interface Timers {
  /** Resolves after `ms` milliseconds, or as soon as `signal` aborts (it never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A signal that aborts with a `TimeoutError` once `ms` milliseconds have passed. */
  deadline(ms: number): AbortSignal;
}
export const Timers = Symbol('Timers');
