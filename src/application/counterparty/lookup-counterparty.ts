import { inject, injectable } from 'inversify';
import { type CounterpartyFact, parseCounterpartyFact } from '../../domain/counterparty/declaration.js';
import type { Binding } from '../../domain/counterparty/payment-check.js';
import { AppError } from '../errors.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';

/**
 * GET /lookup?pay_to= (or ?key=): which verified entities a payment destination or key is bound to
 * now, oldest binding first; none is an answer too. A fact bound to two entities is flagged.
 */
@injectable()
export class LookupCounterparty {
  constructor(@inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings) {}

  async run(question: { readonly payTo?: string; readonly key?: string }): Promise<{ fact: CounterpartyFact; bindings: Binding[] }> {
    const given = (question.payTo !== undefined ? 1 : 0) + (question.key !== undefined ? 1 : 0);
    if (given !== 1)
      throw new AppError('VALIDATION_ERROR', 'Ask with pay_to (a CAIP-10 account id such as eip155:8453:0x…) or key (a JWK thumbprint), one of them.');
    const kind = question.payTo !== undefined ? 'pay_to' : 'key';
    const read = parseCounterpartyFact(kind, (question.payTo ?? question.key)!);
    if (!read.ok) throw new AppError('VALIDATION_ERROR', `${kind}: ${read.reason}.`);
    return { fact: read.fact, bindings: await this.bindings.find(read.fact.kind, read.fact.key) };
  }
}
