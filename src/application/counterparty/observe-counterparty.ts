import { inject, injectable } from 'inversify';
import { observedDestinations } from '../../domain/counterparty/observed.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { ProbeResult } from '../../domain/scan/probes.js';
import { parseX402 } from '../../domain/scan/parsers/x402.js';
import { Clock } from '../ports/clock.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';
import { Logger } from '../ports/logger.js';
import { VerifyDomain } from '../verdict/verify-domain.js';

/**
 * What a signed scan report of a verified entity's own domain shows it is paid at: the x402
 * destinations of its 402 answers (observedDestinations), bound as `observed` with the report's
 * URL as their source, replacing what the previous report showed. A domain that is not a verified
 * entity's own binds nothing; a failure here never fails the scan (the next report tries again).
 */
@injectable()
export class ObserveCounterparty {
  constructor(
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async run(domain: DomainName, probes: readonly ProbeResult[], reportUrl: string): Promise<void> {
    try {
      const { verdict } = await this.verifyDomain.run(domain);
      // The entity's own domain only: a subdomain's report is not the entity's word.
      if (verdict.kind !== 'verified' || verdict.entity.domain !== domain) return;
      const facts = probes.flatMap((p) => (p.ok && p.status === 402 ? observedDestinations(parseX402(402, p.headers, p.bodyText)) : []));
      const { id, name } = verdict.entity;
      await this.bindings.replace('observed', { id, name, domain }, facts, reportUrl, this.clock.now().toISOString());
    } catch (error) {
      this.logger.warn({ domain, err: (error as Error).message }, 'observed payment destinations not recorded');
    }
  }
}
