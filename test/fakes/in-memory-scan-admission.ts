import { AppError } from '../../src/application/errors.js';
import type { AdmissionDecision, AdmissionLimits, ScanAdmission } from '../../src/application/ports/scan-admission.js';
import type { DomainName } from '../../src/domain/domain-name.js';

/** The same rolling windows in memory; `broken` makes it fail like an unreachable store. */
export class InMemoryScanAdmission implements ScanAdmission {
  readonly admitted: Array<{ clientId: string; domain: string; at: number }> = [];
  broken = false;
  calls = 0;

  constructor(private readonly limits: AdmissionLimits = { perClientPerHour: 10, perDomainPerHour: 6, globalPerMinute: 120 }) {}

  async admit({ clientId, domain }: { clientId: string; domain: DomainName }, now: Date): Promise<AdmissionDecision> {
    this.calls++;
    if (this.broken) throw new AppError('SCAN_UNAVAILABLE', 'store down');
    const t = now.getTime();
    const windows = [
      { limit: 'global' as const, max: this.limits.globalPerMinute, ms: 60_000, match: () => true },
      { limit: 'domain' as const, max: this.limits.perDomainPerHour, ms: 3_600_000, match: (a: { domain: string }) => a.domain === domain },
      { limit: 'client' as const, max: this.limits.perClientPerHour, ms: 3_600_000, match: (a: { clientId: string }) => a.clientId === clientId },
    ];
    for (const w of windows) {
      const times = this.admitted
        .filter((a) => w.match(a) && a.at > t - w.ms)
        .map((a) => a.at)
        .sort((a, b) => b - a);
      if (times.length >= w.max)
        return { admitted: false, limit: w.limit, retryAfterSeconds: Math.max(1, Math.min(w.ms / 1000, Math.ceil((times[w.max - 1]! + w.ms - t) / 1000))) };
    }
    this.admitted.push({ clientId, domain, at: t });
    return { admitted: true };
  }
}
