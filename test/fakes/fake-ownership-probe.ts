import type { OwnershipProbe, ProbeFailure, ServedCertificate } from '../../src/application/ports/ownership-probe.js';

type Answer<T> = T | ProbeFailure | 'hang';

/** Ownership looks answering what a test sets per name (nothing served, nothing published by default), counting calls. */
export class FakeOwnershipProbe implements OwnershipProbe {
  readonly calls: { kind: 'certificate' | 'registrant' | 'nameservers'; name: string }[] = [];
  readonly certificates = new Map<string, Answer<ServedCertificate | null>>();
  readonly registrants = new Map<string, Answer<{ organisation: string | null }>>();
  readonly nameserverAnswers = new Map<string, Answer<{ nameservers: readonly string[] }>>();

  certificate(domain: string, options?: { signal?: AbortSignal }): Promise<ServedCertificate | null | ProbeFailure> {
    this.calls.push({ kind: 'certificate', name: domain });
    return answer(this.certificates.get(domain) ?? null, options?.signal);
  }
  registrant(domain: string, options?: { signal?: AbortSignal }): Promise<{ organisation: string | null } | ProbeFailure> {
    this.calls.push({ kind: 'registrant', name: domain });
    return answer(this.registrants.get(domain) ?? { organisation: null }, options?.signal);
  }
  nameservers(zone: string, options?: { signal?: AbortSignal }): Promise<{ nameservers: readonly string[] } | ProbeFailure> {
    this.calls.push({ kind: 'nameservers', name: zone });
    return answer(this.nameserverAnswers.get(zone) ?? { nameservers: [] }, options?.signal);
  }
  count(kind: 'certificate' | 'registrant' | 'nameservers', name?: string): number {
    return this.calls.filter((c) => c.kind === kind && (name === undefined || c.name === name)).length;
  }
}

function answer<T>(value: Answer<T>, signal?: AbortSignal): Promise<T | ProbeFailure> {
  if (value !== 'hang') return Promise.resolve(value);
  return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ error: 'timeout', message: 'aborted' })));
}
