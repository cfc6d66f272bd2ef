import { expect } from 'chai';
import type { OwnershipEvidenceStore } from '../../src/application/ports/ownership-evidence-store.js';
import type { OwnershipCheck } from '../../src/domain/trust/ownership.js';

export interface OwnershipStoreSubject {
  readonly store: OwnershipEvidenceStore;
  /** Another handle on the same store, as another instance would have (real stores only). */
  readonly second?: () => Promise<{ store: OwnershipEvidenceStore; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const OWNED: OwnershipCheck = {
  domain: 'paypal-cdn.com',
  brand: 'paypal.com',
  checkedAt: '2026-09-01T00:00:00.000Z',
  evidence: [
    { kind: 'tls_certificate', detail: 'the certificate for paypal-cdn.com also covers www.paypal.com' },
    { kind: 'registrant', detail: 'the RDAP registrant of paypal-cdn.com is the registrant of paypal.com, PayPal, Inc. — «ünïcode»' },
  ],
  unanswered: ['dns'],
};

/** The behaviour every OwnershipEvidenceStore adapter must have. */
export function ownershipEvidenceStoreContract(make: () => Promise<OwnershipStoreSubject>): void {
  let s: OwnershipStoreSubject;
  afterEach(async () => s?.dispose());

  it('keeps the latest check of each name, evidence and unanswered looks included', async () => {
    s = await make();
    expect(await s.store.get('paypal-cdn.com')).to.equal(undefined);
    await s.store.put(OWNED);
    await s.store.put({ ...OWNED, domain: 'paypal-login.com', evidence: [], unanswered: [] });
    expect(await s.store.get('paypal-cdn.com')).to.deep.equal(OWNED);
    const replaced: OwnershipCheck = { ...OWNED, checkedAt: '2026-09-02T00:00:00.000Z', evidence: [], unanswered: [] };
    await s.store.put(replaced);
    expect(await s.store.get('paypal-cdn.com')).to.deep.equal(replaced);
    expect(await s.store.get('paypal-login.com')).to.deep.include({ evidence: [], unanswered: [] });
    expect(await s.store.get('www.paypal-cdn.com')).to.equal(undefined);
  });

  it('keeps the registrant of a domain, none included, and replaces it', async () => {
    s = await make();
    expect(await s.store.getRegistrant('paypal.com')).to.equal(undefined);
    await s.store.putRegistrant('paypal.com', { organisation: null, observedAt: '2026-09-01T00:00:00.000Z' });
    expect(await s.store.getRegistrant('paypal.com')).to.deep.equal({ organisation: null, observedAt: '2026-09-01T00:00:00.000Z' });
    await s.store.putRegistrant('paypal.com', { organisation: 'PayPal, Inc.', observedAt: '2026-09-02T00:00:00.000Z' });
    await s.store.putRegistrant('google.com', { organisation: 'Google LLC', observedAt: '2026-09-02T00:00:00.000Z' });
    expect(await s.store.getRegistrant('paypal.com')).to.deep.equal({ organisation: 'PayPal, Inc.', observedAt: '2026-09-02T00:00:00.000Z' });
    expect(await s.store.getRegistrant('google.com')).to.deep.include({ organisation: 'Google LLC' });
  });

  it('shows what one handle stored to another at once', async function () {
    s = await make();
    if (!s.second) return this.skip();
    const other = await s.second();
    try {
      await s.store.put(OWNED);
      expect(await other.store.get('paypal-cdn.com')).to.deep.equal(OWNED);
    } finally {
      await other.dispose();
    }
  });
}
