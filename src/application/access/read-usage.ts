import { inject, injectable } from 'inversify';
import { CONTRACT_QUOTAS, secondsToNextUtcDay, utcDayOf } from '../../domain/access/tier.js';
import { AppError } from '../errors.js';
import { AppConfig } from '../ports/app-config.js';
import { ApiKeyStore } from '../ports/api-key-store.js';
import { Clock } from '../ports/clock.js';
import { UsageLedger } from '../ports/usage-ledger.js';
import type { KeyUsage } from '../views/usage-view.js';
import { AdmitRead, keySubject, type Credentials } from './admit-read.js';
import { requireKeyId } from './manage-api-keys.js';
import { USAGE_DAYS_KEPT } from './usage-sync.js';

const DAY_MS = 86_400_000;

/**
 * A key's usage: today's count and the 30 days before, from the shared ledger (every instance's
 * counts as of its last sync, a second at most behind). For the key's holder (`ofCaller`: GET
 * /account/usage, with the key) and for the operator (`ofKey`: `vetted key usage`).
 */
@injectable()
export class ReadUsage {
  constructor(
    @inject(AdmitRead) private readonly admit: AdmitRead,
    @inject(ApiKeyStore) private readonly store: ApiKeyStore,
    @inject(UsageLedger) private readonly ledger: UsageLedger,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The usage of the key the request carries; without one, UNAUTHORIZED. Not counted as a read. */
  async ofCaller(credentials: Credentials): Promise<KeyUsage> {
    if (credentials.authorization === undefined)
      throw new AppError('UNAUTHORIZED', 'Send your API key as "Authorization: Bearer vtk_…" to see its usage.', { reason: 'missing' });
    const { caller } = await this.admit.run(credentials, false);
    return this.ofKey(caller.keyId!);
  }

  /** The usage of key `id` (revoked keys too); NOT_FOUND for an unknown id. */
  async ofKey(id: string): Promise<KeyUsage> {
    requireKeyId(id);
    const key = await this.store.find(id);
    if (!key) throw new AppError('NOT_FOUND', `No API key ${id}.`);
    const now = this.clock.now();
    const days = Array.from({ length: USAGE_DAYS_KEPT }, (_, i) => utcDayOf(new Date(now.getTime() - (USAGE_DAYS_KEPT - 1 - i) * DAY_MS)));
    const counted = new Map((await this.ledger.history(keySubject(id), days[0]!)).map((d) => [d.day, d.count]));
    const quotas = this.config.apiTiers ?? CONTRACT_QUOTAS;
    return {
      keyId: id,
      tier: key.tier,
      quota: quotas[key.tier],
      days: days.map((day) => ({ day, count: counted.get(day) ?? 0 })),
      resetSeconds: secondsToNextUtcDay(now),
    };
  }
}
