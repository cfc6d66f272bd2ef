import { expect } from 'chai';
import type { ApiKeyStore, StoredApiKey } from '../../src/application/ports/api-key-store.js';
import type { UsageLedger } from '../../src/application/ports/usage-ledger.js';

/** An ApiKeyStore over a fresh, empty store, and the ledger that shares its store (usage gives the last use). */
export interface ApiKeyStoreSubject {
  readonly store: ApiKeyStore;
  readonly ledger: UsageLedger;
  dispose(): Promise<void>;
}

/** A key as `create` takes it; `n` varies the id and the hash. */
export function aNewKey(n: number, overrides: Partial<Omit<StoredApiKey, 'revokedAt'>> = {}): Omit<StoredApiKey, 'revokedAt'> {
  return {
    id: `key_K${String(n).padStart(7, '0')}`,
    keyHash: n.toString(16).padStart(64, '0'),
    tier: 'pro',
    name: `holder ${n}`,
    entityId: null,
    createdAt: `2026-10-0${n}T09:00:00.000Z`,
    ...overrides,
  };
}

/** The behaviour every ApiKeyStore adapter must have. */
export function apiKeyStoreContract(make: () => Promise<ApiKeyStoreSubject>): void {
  let s: ApiKeyStoreSubject;
  beforeEach(async () => {
    s = await make();
  });
  afterEach(async () => {
    await s.dispose();
  });

  it('stores a key and finds it by id, unrevoked; finds nothing under another id', async () => {
    const key = aNewKey(1, { tier: 'enterprise', entityId: 'ent_acme1', name: 'Acme billing' });
    expect(await s.store.create(key)).to.equal(true);
    expect(await s.store.find(key.id)).to.deep.equal({ ...key, revokedAt: null });
    expect(await s.store.find('key_K9999999')).to.equal(undefined);
  });

  it('refuses a key whose id is taken and keeps the first one', async () => {
    const first = aNewKey(1);
    expect(await s.store.create(first)).to.equal(true);
    expect(await s.store.create(aNewKey(2, { id: first.id, name: 'second' }))).to.equal(false);
    expect(await s.store.find(first.id)).to.deep.equal({ ...first, revokedAt: null });
    expect(await s.store.list()).to.have.length(1);
  });

  it('lists every key newest first, without its hash, never used', async () => {
    expect(await s.store.list()).to.deep.equal([]);
    await s.store.create(aNewKey(2));
    await s.store.create(aNewKey(3, { tier: 'free', entityId: 'ent_x1' }));
    await s.store.create(aNewKey(1));
    const listed = await s.store.list();
    expect(listed.map((k) => k.id)).to.deep.equal(['key_K0000003', 'key_K0000002', 'key_K0000001']);
    const { keyHash: _hash, ...third } = aNewKey(3, { tier: 'free', entityId: 'ent_x1' });
    expect(listed[0]).to.deep.equal({ ...third, revokedAt: null, lastUsedAt: null });
  });

  it('revokes a key once: then already revoked, keeping the first instant; unknown for an id never stored', async () => {
    await s.store.create(aNewKey(1));
    await s.store.create(aNewKey(2));
    expect(await s.store.revoke('key_K0000001', '2026-10-05T10:00:00.000Z')).to.equal('revoked');
    expect(await s.store.revoke('key_K0000001', '2026-10-06T10:00:00.000Z')).to.equal('already_revoked');
    expect(await s.store.revoke('key_K9999999', '2026-10-06T10:00:00.000Z')).to.equal('unknown');
    expect((await s.store.find('key_K0000001'))?.revokedAt).to.equal('2026-10-05T10:00:00.000Z');
    expect((await s.store.find('key_K0000002'))?.revokedAt, 'the other key untouched').to.equal(null);
    const listed = await s.store.list();
    expect(listed.map((k) => [k.id, k.revokedAt])).to.deep.equal([
      ['key_K0000002', null],
      ['key_K0000001', '2026-10-05T10:00:00.000Z'],
    ]);
  });

  it("lists a key's last use: the latest instant any day's counted request of it was recorded", async () => {
    await s.store.create(aNewKey(1));
    await s.store.create(aNewKey(2));
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-02', count: 3 }], '2026-10-02T23:59:00.000Z');
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-01', count: 1 }], '2026-10-01T08:00:00.000Z');
    // Another caller's use, and a subject that only begins like the key's, count for nothing here.
    await s.ledger.add(
      [
        { subject: 'addr:198.51.100.7', day: '2026-10-03', count: 5 },
        { subject: 'key:key_K00000011', day: '2026-10-03', count: 5 },
      ],
      '2026-10-03T12:00:00.000Z',
    );
    const lastUse = async () => Object.fromEntries((await s.store.list()).map((k) => [k.id, k.lastUsedAt]));
    expect(await lastUse()).to.deep.equal({ key_K0000001: '2026-10-02T23:59:00.000Z', key_K0000002: null });
  });

  it('keeps the last use when an instance only asks for the total (a count of 0)', async () => {
    await s.store.create(aNewKey(1));
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-02', count: 2 }], '2026-10-02T10:00:00.000Z');
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-02', count: 0 }], '2026-10-02T11:00:00.000Z');
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-03', count: 0 }], '2026-10-03T11:00:00.000Z');
    expect((await s.store.list())[0]?.lastUsedAt).to.equal('2026-10-02T10:00:00.000Z');
    await s.ledger.add([{ subject: 'key:key_K0000001', day: '2026-10-03', count: 1 }], '2026-10-03T12:00:00.000Z');
    expect((await s.store.list())[0]?.lastUsedAt).to.equal('2026-10-03T12:00:00.000Z');
  });
}
