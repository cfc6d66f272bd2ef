import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import type { SigningKeyStore } from '../../src/application/ports/signing-key-store.js';

/** A SigningKeyStore over a fresh, empty store, as every adapter must provide it. */
export interface SigningKeyStoreSubject {
  readonly store: SigningKeyStore;
  /** A second handle on the same store, as another process would have. */
  second(): Promise<{ store: SigningKeyStore; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

function aPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The behaviour every adapter of SigningKeyStore must have. */
export function signingKeyStoreContract(make: () => Promise<SigningKeyStoreSubject>): void {
  let s: SigningKeyStoreSubject;
  beforeEach(async () => {
    s = await make();
  });
  afterEach(async () => {
    await s.dispose();
  });

  it('has no key at first', async () => {
    expect(await s.store.load()).to.equal(undefined);
  });

  it('stores a key when none is stored, returns it and loads it again', async () => {
    const pem = aPem();
    expect(await s.store.saveIfAbsent(pem)).to.equal(pem);
    expect(await s.store.load()).to.equal(pem);
  });

  it('keeps the first key when another is offered later', async () => {
    const first = aPem();
    const later = aPem();
    await s.store.saveIfAbsent(first);
    expect(await s.store.saveIfAbsent(later)).to.equal(first);
    expect(await s.store.load()).to.equal(first);
  });

  it('settles on one key when two processes store theirs at the same time', async () => {
    const other = await s.second();
    try {
      const offered = Array.from({ length: 6 }, aPem);
      const returned = await Promise.all(offered.map((pem, i) => (i % 2 === 0 ? s.store : other.store).saveIfAbsent(pem)));
      const winner = returned[0];
      expect(offered).to.include(winner);
      expect(returned).to.deep.equal(offered.map(() => winner));
      expect(await s.store.load()).to.equal(winner);
      expect(await other.store.load()).to.equal(winner);
    } finally {
      await other.dispose();
    }
  });
}
