import { inject, injectable } from 'inversify';
import { agentCardJwks, directoryJwks, observedDestinations } from '../../domain/counterparty/observed.js';
import { type CounterpartyFact, parseCounterpartyFact } from '../../domain/counterparty/declaration.js';
import { JwkThumbprints } from '../ports/jwk-thumbprints.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { ProbeResult } from '../../domain/scan/probes.js';
import { parseX402 } from '../../domain/scan/parsers/x402.js';
import { Clock } from '../ports/clock.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';
import { Logger } from '../ports/logger.js';
import { VerifyDomain } from '../verdict/verify-domain.js';

/**
 * What a signed scan report of a verified entity's own domain shows it is paid at: the x402
 * destinations of its 402 answers (observedDestinations) and the keys of its Web Bot Auth key
 * directory and of its A2A agent card's signatures (their RFC 7638 thumbprints), bound as `observed` with the report's
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
    @inject(JwkThumbprints) private readonly thumbprints: JwkThumbprints,
  ) {}

  async run(domain: DomainName, probes: readonly ProbeResult[], reportUrl: string): Promise<void> {
    try {
      const { verdict } = await this.verifyDomain.run(domain);
      // The entity's own domain only: a subdomain's report is not the entity's word.
      if (verdict.kind !== 'verified' || verdict.entity.domain !== domain) return;
      const facts = [
        ...probes.flatMap((p) => (p.ok && p.status === 402 ? observedDestinations(parseX402(402, p.headers, p.bodyText)) : [])),
        ...(await this.directoryKeys(probes)),
      ];
      const { id, name } = verdict.entity;
      await this.bindings.replace('observed', { id, name, domain }, facts, reportUrl, this.clock.now().toISOString());
    } catch (error) {
      this.logger.warn({ domain, err: (error as Error).message }, 'observed payment destinations not recorded');
    }
  }

  /** The keys of the site's Web Bot Auth key directory and its A2A agent card's signatures, as RFC 7638 thumbprints. */
  private async directoryKeys(probes: readonly ProbeResult[]): Promise<CounterpartyFact[]> {
    const body = (id: ProbeResult['probe']) => {
      const probe = probes.find((p) => p.probe === id);
      return probe?.ok && probe.status === 200 ? probe.bodyText : '';
    };
    const keys = [...directoryJwks(body('signatures_directory')), ...agentCardJwks(body('agent_card'))];
    const facts: CounterpartyFact[] = [];
    for (const jwk of keys) {
      const thumbprint = await this.thumbprints.thumbprint(jwk);
      if (thumbprint === undefined) continue;
      const read = parseCounterpartyFact('key', thumbprint);
      if (read.ok && !facts.some((f) => f.key === read.fact.key)) facts.push(read.fact);
    }
    return facts;
  }
}
