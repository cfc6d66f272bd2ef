import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { StoreHealth } from '../../application/ports/store-health.js';
import { Database } from './create-knex.js';

@injectable()
export class KnexStoreHealth implements StoreHealth {
  constructor(@inject(Database) private readonly db: Knex) {}

  async check(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.db.raw('select 1'), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
