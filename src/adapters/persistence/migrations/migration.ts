import type { Knex } from 'knex';

/** One schema step; `up` runs in a transaction. Never edit one that has shipped: add the next. */
export interface Migration {
  readonly name: string;
  up(db: Knex): Promise<void>;
}
