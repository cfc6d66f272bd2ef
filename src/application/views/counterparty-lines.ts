import { type Binding, NEW_BINDING_SECONDS } from '../../domain/counterparty/payment-check.js';

/** One bound destination or key as the verdict page lists it. */
export interface CounterpartyLine {
  readonly what: string;
  readonly value: string;
  readonly how: string;
  readonly since: string;
  /** Bound less than NEW_BINDING_SECONDS ago: check_payment still flags it. */
  readonly isNew: boolean;
}

/** The verdict page's lines of an entity's bindings at `now`, newest first (a recent change is what a reviewer looks for). */
export function counterpartyLines(bindings: readonly Binding[], now: Date): CounterpartyLine[] {
  return [...bindings]
    .sort((a, b) => b.since.localeCompare(a.since))
    .map((b) => ({
      what: b.kind === 'pay_to' ? 'Payment destination' : 'Signing key',
      value: b.value,
      how: b.how === 'declared' ? `declared at ${b.source}` : `observed at ${b.source}`,
      since: b.since.slice(0, 10),
      isNew: now.getTime() - Date.parse(b.since) < NEW_BINDING_SECONDS * 1000,
    }));
}
