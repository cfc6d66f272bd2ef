import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { Clock } from '../../application/ports/clock.js';
import type { SigningKeyStore } from '../../application/ports/signing-key-store.js';
import { Database } from './create-knex.js';

const KEY_NAME = 'report-signing';

/** Keeps the report-signing key in the `signing_keys` table, under the name 'report-signing'. */
@injectable()
export class KnexSigningKeyStore implements SigningKeyStore {
  constructor(
    @inject(Database) private readonly db: Knex,
    @inject(Clock) private readonly clock: Clock = { now: () => new Date() },
  ) {}

  async load(): Promise<string | undefined> {
    const row = await this.db('signing_keys').where({ name: KEY_NAME }).first('private_key_pem');
    return row ? String(row.private_key_pem) : undefined;
  }

  async saveIfAbsent(pem: string): Promise<string> {
    // The primary key decides between processes that start at once: the loser's insert does
    // nothing (PostgreSQL waits for the winner's commit first), and both read back the winner's key.
    await this.db('signing_keys').insert({ name: KEY_NAME, private_key_pem: pem, created_at: this.clock.now().toISOString() }).onConflict('name').ignore();
    const stored = await this.load();
    if (stored === undefined) throw new Error('The report-signing key was neither inserted nor found');
    return stored;
  }
}
