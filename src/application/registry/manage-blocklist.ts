import { inject, injectable } from 'inversify';
import { DEFAULT_BLOCK_REASON, type BlockedDomain } from '../../domain/blocked-domain.js';
import { parseDomainName } from '../../domain/domain-name.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { Blocklist } from '../ports/blocklist.js';
import { Clock } from '../ports/clock.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';

export interface BlockRequest {
  readonly domain: string;
  readonly reason?: string;
}

/** The operator's blocklist: add (one or many, all or nothing), remove, list. */
@injectable()
export class ManageBlocklist {
  constructor(
    @inject(Blocklist) private readonly blocklist: Blocklist,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Blocks every domain, or none when any is invalid (the error lists them all).
   * Returns how many were newly blocked; already blocked ones are left as they were.
   */
  async add(requests: readonly BlockRequest[]): Promise<{ added: number; alreadyBlocked: number }> {
    const blockedAt = this.clock.now().toISOString();
    const problems: string[] = [];
    const blocks: BlockedDomain[] = [];
    for (const request of requests) {
      const parsed = parseDomainName(request.domain);
      if (!parsed.ok) {
        problems.push(`"${request.domain}": ${parsed.reason}`);
        continue;
      }
      const reason = request.reason?.trim().slice(0, 500) || DEFAULT_BLOCK_REASON;
      blocks.push({ domain: parsed.name, reason, blockedAt });
    }
    if (problems.length > 0) {
      throw new AppError('VALIDATION_ERROR', `Nothing was blocked. Invalid domains: ${problems.slice(0, 10).join('; ')}`, {
        invalid: problems.length,
      });
    }
    const unique = [...new Map(blocks.map((b) => [b.domain, b])).values()];
    const added = await this.blocklist.add(unique);
    this.cache.forget(unique.map((b) => b.domain));
    return { added, alreadyBlocked: unique.length - added };
  }

  /** Unblocks one domain; false when it was not blocked. */
  async remove(domain: string): Promise<boolean> {
    const name = requireDomainName(domain);
    const removed = await this.blocklist.remove(name);
    this.cache.forget([name]);
    return removed;
  }

  list(): Promise<BlockedDomain[]> {
    return this.blocklist.list();
  }
}
