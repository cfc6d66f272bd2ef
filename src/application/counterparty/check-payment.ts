import { inject, injectable } from 'inversify';
import { type CounterpartyFact, type CounterpartyKind, parseCounterpartyFact } from '../../domain/counterparty/declaration.js';
import { counterpartyStanding, type CounterpartyStanding, judgePayment, type PaymentDecision } from '../../domain/counterparty/payment-check.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';
import { AssessTrust, type TrustOutcome } from '../trust/assess-trust.js';

/** What a caller is about to pay or trust, as sent: a CAIP-10 destination or a JWK thumbprint, for a domain, for an amount. */
export interface PaymentQuestion {
  readonly domain: string;
  readonly payTo?: string;
  readonly key?: string;
  readonly amountUsd?: number;
}

/** The answer: the fact as read, how it stands toward the domain's entity, the decision, and the trust answer it rests on. */
export interface PaymentOutcome {
  readonly fact: CounterpartyFact;
  readonly standing: CounterpartyStanding;
  readonly decision: PaymentDecision;
  readonly amountUsd: number;
  readonly trust: TrustOutcome;
}

/**
 * The check in front of a payment (MCP check_payment; GET /verify?pay_to= for the standing alone):
 * the domain's trust answer from what is stored (never a live look), the destination's bindings,
 * and judgePayment's decision. A malformed destination (a mistyped EIP-55 checksum included) is
 * VALIDATION_ERROR, as is a question naming both or neither of pay_to and key.
 */
@injectable()
export class CheckPayment {
  constructor(
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(question: PaymentQuestion): Promise<PaymentOutcome> {
    const fact = readFact(question);
    const amountUsd = question.amountUsd ?? 0;
    if (!Number.isFinite(amountUsd) || amountUsd < 0) throw new AppError('VALIDATION_ERROR', 'amount_usd is a number of US dollars, 0 or more.');
    const trust = await this.assessTrust.run(question.domain, { external: false });
    const { verdict, assessment } = trust;
    const entityId = verdict.kind === 'verified' ? verdict.entity.id : null;
    const standing = counterpartyStanding(await this.bindings.find(fact.kind, fact.key), entityId);
    const decision = judgePayment({
      domain: verdict.domain,
      destination: fact.value,
      blocked: verdict.kind === 'blocked',
      verified: verdict.kind === 'verified',
      guidance: assessment.agent_guidance,
      standing,
      amountUsd,
      now: this.clock.now(),
    });
    return { fact, standing, decision, amountUsd, trust };
  }
}

function readFact(question: PaymentQuestion): CounterpartyFact {
  const given: Array<[CounterpartyKind, string]> = [];
  if (question.payTo !== undefined) given.push(['pay_to', question.payTo]);
  if (question.key !== undefined) given.push(['key', question.key]);
  if (given.length !== 1)
    throw new AppError('VALIDATION_ERROR', 'Give pay_to (a CAIP-10 account id such as eip155:8453:0x…) or key (a JWK thumbprint), one of them.');
  const [kind, text] = given[0]!;
  const read = parseCounterpartyFact(kind, text);
  if (!read.ok) throw new AppError('VALIDATION_ERROR', `${kind}: ${read.reason}.`);
  return read.fact;
}
