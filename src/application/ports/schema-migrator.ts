/** Brings the database schema up to date. Adapters: KnexSchemaMigrator. */
export interface SchemaMigrator {
  /** Applies pending migrations (safe to call from several processes); returns the names applied. */
  migrate(): Promise<string[]>;
}
export const SchemaMigrator = Symbol('SchemaMigrator');
