/** What every signal carries. `observed` is false when nothing was stored or measured; then `score` is 0. */
export interface SignalBase {
  readonly score: number;
  readonly max: number;
  readonly observed: boolean;
  /** Why the signal is not observed or scores nothing: `timeout` or another short code. */
  readonly error?: string;
  /** In words, given with every `error` and whenever `observed` is false: what is missing or failed, and what to do. */
  readonly reason?: string;
  /** True while a queued look will observe this signal (see Evidence); absent otherwise. */
  readonly pending?: boolean;
}
