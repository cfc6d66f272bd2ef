import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { VerdictFacts } from '../../application/ports/verdict-facts.js';
import { Database, isSqlite } from './create-knex.js';
import { rebuildStatements } from './verdict-facts-sql.js';

/** VerdictFacts on `verdict_facts` (migration 013), from the same SQL its triggers run. */
@injectable()
export class KnexVerdictFacts implements VerdictFacts {
  constructor(@inject(Database) private readonly db: Knex) {}

  async rebuild(): Promise<number> {
    return this.db.transaction(async (trx) => {
      for (const statement of rebuildStatements(isSqlite(trx) ? 'sqlite' : 'postgres')) await trx.raw(statement);
      const [row] = await trx('verdict_facts').count({ count: '*' });
      return Number(row?.count ?? 0);
    });
  }
}
