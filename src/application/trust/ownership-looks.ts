import { inject, injectable } from 'inversify';
import { registrableDomain, type DomainName } from '../../domain/domain-name.js';
import { BrandCatalog } from '../../domain/trust/brand-catalog.js';
import { normaliseOrganisation } from '../../domain/trust/organisation-name.js';
import type { OwnershipCheck, OwnershipLook } from '../../domain/trust/ownership.js';
import { ownershipEvidence, type OwnershipObservations, type OwningBrand } from '../../domain/trust/ownership-evidence.js';
import { AppConfig } from '../ports/app-config.js';
import { OwnershipEvidenceStore } from '../ports/ownership-evidence-store.js';
import { OwnershipProbe, type ProbeFailure } from '../ports/ownership-probe.js';
import { Timers } from '../ports/timers.js';
import { OwnershipCache } from './ownership-cache.js';

/** How long a brand's RDAP registrant is reused before it is looked up again: registrants rarely change. */
const BRAND_REGISTRANT_SECONDS = 30 * 86_400;

export interface OwnershipLookResult {
  /** The check made: the evidence found and the looks that did not answer. */
  readonly check: OwnershipCheck;
  /** Whether it was stored: it found evidence, every look answered, or the caller asked to store it anyway. */
  readonly stored: boolean;
}

/**
 * The looks of an ownership check (see OwnershipProbe) and their judgment (the pure
 * ownershipEvidence): the certificate a name serves, the RDAP registrants of its registrable domain
 * and of the brand's main domain (the latter kept for BRAND_REGISTRANT_SECONDS), and the NS records
 * of its registrable domain, all at once under one deadline. A check is stored only when it can be
 * relied on (see look); this process's cached copy is forgotten at once, other processes hear of it
 * through the change feed.
 */
@injectable()
export class OwnershipLooks {
  private readonly brands = new Map<string, OwningBrand>();

  constructor(
    @inject(OwnershipEvidenceStore) private readonly store: OwnershipEvidenceStore,
    @inject(OwnershipCache) private readonly cache: OwnershipCache,
    @inject(OwnershipProbe) private readonly probe: OwnershipProbe,
    @inject(AppConfig) config: Pick<AppConfig, 'extraBrandDomains'>,
    @inject(Timers) private readonly timers: Timers,
  ) {
    for (const brand of BrandCatalog.standard(config.extraBrandDomains).brands) for (const domain of brand.domains) this.brands.set(domain, brand);
  }

  /** The brand that owns catalog domain `catalogDomain` (a lookalike's `lookalikeOf`), or undefined when the catalog has no such domain. */
  brandOf(catalogDomain: string): OwningBrand | undefined {
    return this.brands.get(catalogDomain);
  }

  /**
   * Looks for evidence that `brand` owns `domain`, within `deadlineMs`, stamped `now`. The check is
   * stored when it found evidence or every look answered; otherwise only with `storeIncomplete`
   * (a background check's last try), so that a passing fault does not pass for an answer.
   */
  async look(domain: DomainName, brand: OwningBrand, deadlineMs: number, now: Date, options: { storeIncomplete: boolean }): Promise<OwnershipLookResult> {
    const signal = this.timers.deadline(deadlineMs);
    const zone = registrableDomain(domain);
    const [certificate, registrant, nameservers, brandRegistrant] = await Promise.all([
      this.probe.certificate(domain, { signal }),
      this.probe.registrant(zone, { signal }),
      this.probe.nameservers(zone, { signal }),
      this.brandRegistrant(brand.main as DomainName, signal, now),
    ]);
    const unanswered: OwnershipLook[] = [];
    if (failed(certificate)) unanswered.push('tls');
    // The brand's registrant matters only when the name publishes one that could match it.
    if (failed(registrant) || (failed(brandRegistrant) && normaliseOrganisation(registrant.organisation) !== null)) unanswered.push('rdap');
    if (failed(nameservers)) unanswered.push('dns');
    const seen: OwnershipObservations = {
      ...(failed(certificate) ? {} : { certificate }),
      ...(failed(registrant) ? {} : { registrant: registrant.organisation }),
      ...(failed(brandRegistrant) ? {} : { brandRegistrant }),
      ...(failed(nameservers) ? {} : { nameservers: nameservers.nameservers }),
    };
    const check: OwnershipCheck = { domain, brand: brand.main, checkedAt: now.toISOString(), evidence: ownershipEvidence(domain, brand, seen), unanswered };
    const stored = check.evidence.length > 0 || unanswered.length === 0 || options.storeIncomplete;
    if (stored) {
      await this.store.put(check);
      this.cache.delete(domain);
    }
    return { check, stored };
  }

  private async brandRegistrant(main: DomainName, signal: AbortSignal, now: Date): Promise<string | null | ProbeFailure> {
    const stored = await this.store.getRegistrant(main);
    if (stored && now.getTime() - Date.parse(stored.observedAt) < BRAND_REGISTRANT_SECONDS * 1000) return stored.organisation;
    const looked = await this.probe.registrant(main, { signal });
    if (failed(looked)) return looked;
    await this.store.putRegistrant(main, { organisation: looked.organisation, observedAt: now.toISOString() });
    return looked.organisation;
  }
}

function failed<T>(outcome: T | ProbeFailure): outcome is ProbeFailure {
  return typeof outcome === 'object' && outcome !== null && 'error' in outcome;
}
