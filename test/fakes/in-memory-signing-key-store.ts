import type { SigningKeyStore } from '../../src/application/ports/signing-key-store.js';

/** A SigningKeyStore in memory that counts its calls; each call yields once, as a database would. */
export class InMemorySigningKeyStore implements SigningKeyStore {
  pem: string | undefined;
  loads = 0;
  saves = 0;
  /** When set, the next load rejects with it (then the store works again). */
  failNextLoad: Error | undefined;

  constructor(pem?: string) {
    this.pem = pem;
  }

  async load(): Promise<string | undefined> {
    this.loads += 1;
    await Promise.resolve();
    const failure = this.failNextLoad;
    this.failNextLoad = undefined;
    if (failure) throw failure;
    return this.pem;
  }

  async saveIfAbsent(pem: string): Promise<string> {
    this.saves += 1;
    await Promise.resolve();
    this.pem ??= pem;
    return this.pem;
  }
}
