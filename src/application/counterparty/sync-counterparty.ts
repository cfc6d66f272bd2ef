import { inject, injectable } from 'inversify';
import {
  COUNTERPARTY_LABEL,
  COUNTERPARTY_WELL_KNOWN_PATH,
  type Declaration,
  declarationLinesOfTxt,
  readDeclaration,
} from '../../domain/counterparty/declaration.js';
import type { Binding } from '../../domain/counterparty/payment-check.js';
import { Clock } from '../ports/clock.js';
import { type BindingChange, CounterpartyBindings } from '../ports/counterparty-bindings.js';
import { DnsResolver } from '../ports/dns-resolver.js';
import { EntityRepository } from '../ports/entity-repository.js';
import { Logger } from '../ports/logger.js';
import { SiteFetcher } from '../ports/site-fetcher.js';

const FILE_MAX_BYTES = 8 * 1024;

type Read = { kind: 'read'; source: string; declaration: Declaration } | { kind: 'unreadable'; detail: string };

/** What one reading of an entity's declaration did: the change, or why nothing was changed. */
export type SyncOutcome =
  | { readonly kind: 'synced'; readonly source: string; readonly change: BindingChange; readonly refused: Declaration['refused'] }
  | { readonly kind: 'unreadable'; readonly detail: string }
  | { readonly kind: 'no_entity' };

/**
 * Reads what a verified entity declares it may be paid at and signs with, under its proven
 * domain, and binds exactly that: TXT records `vetted-pay-to=<CAIP-10>` and `vetted-key=<JWK
 * thumbprint>` at `_vetted-counterparty.<domain>` for an entity proven by DNS, the file
 * /.well-known/vetted-counterparty.txt over HTTPS on the host (`pay_to: …`, `key: …` lines) for one
 * proven by that host's well-known file: where it proved control is where it declares. Run when a registration is
 * confirmed and each time the proof is re-checked and holds. A look that fails (DNS error, no
 * answer) changes nothing: a passing fault never unbinds a destination. `unbindAll` ends every
 * binding when the proof is gone.
 */
@injectable()
export class SyncCounterparty {
  constructor(
    @inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings,
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
    @inject(SiteFetcher) private readonly fetcher: SiteFetcher,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async run(entityId: string): Promise<SyncOutcome> {
    const entity = await this.entities.findById(entityId);
    if (entity?.status !== 'active') return { kind: 'no_entity' };
    const read = entity.coverage === 'zone' ? await this.readTxt(entity.domain) : await this.readFile(entity.domain);
    if (read.kind === 'unreadable') return read;
    const change = await this.bindings.replace(
      'declared',
      { id: entity.id, name: entity.name, domain: entity.domain },
      read.declaration.facts,
      read.source,
      this.clock.now().toISOString(),
    );
    if (change.added.length + change.removed.length > 0)
      this.logger.info({ entityId, domain: entity.domain, bound: change.added.length, unbound: change.removed.length }, 'counterparty facts changed');
    return { kind: 'synced', source: read.source, change, refused: read.declaration.refused };
  }

  /** Ends every binding of the entity: its proof is gone. */
  unbindAll(entityId: string): Promise<Binding[]> {
    return this.bindings.unbindAll(entityId, this.clock.now().toISOString());
  }

  private async readTxt(domain: string): Promise<Read> {
    const name = `${COUNTERPARTY_LABEL}.${domain}`;
    try {
      return { kind: 'read', source: name, declaration: readDeclaration(declarationLinesOfTxt(await this.resolver.resolveTxt(name))) };
    } catch (error) {
      // NXDOMAIN and no records say "nothing declared"; any other failure is not knowing.
      const code = (error as { details?: { dnsCode?: string } }).details?.dnsCode;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return { kind: 'read', source: name, declaration: { facts: [], refused: [] } };
      return { kind: 'unreadable', detail: `DNS lookup of ${name} failed (${code ?? 'error'})` };
    }
  }

  private async readFile(domain: string): Promise<Read> {
    const url = `https://${domain}${COUNTERPARTY_WELL_KNOWN_PATH}`;
    const outcome = await this.fetcher.fetch({ url, maxBytes: FILE_MAX_BYTES, headers: { accept: 'text/plain' } });
    if (!outcome.ok) return { kind: 'unreadable', detail: `${url} could not be fetched (${outcome.failure.code})` };
    const r = outcome.resource;
    // A file reached by a redirect elsewhere is another host's, as for the proofs.
    const elsewhere = [...r.redirects.map((h) => h.url), r.finalUrl].some((u) => new URL(u).hostname !== domain);
    if (r.status !== 200 || elsewhere) return { kind: 'read', source: url, declaration: { facts: [], refused: [] } };
    return { kind: 'read', source: url, declaration: readDeclaration(new TextDecoder().decode(r.body).split(/\r?\n/)) };
  }
}
