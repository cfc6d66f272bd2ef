import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

/**
 * Trust observations join the change feed: a stored TLS, domain-age or reputation observation
 * records a change of its domain (kind `observation`), so that every process forgets what it
 * cached of that name's observations within a second, whoever stored it (an external check on
 * another instance, the background refresh on a worker). Reuses 006's trigger function.
 */
export const observationChangesMigration: Migration = {
  name: '009_observation_changes',
  async up(db) {
    if (!isSqlite(db)) {
      await db.raw(`
        CREATE TRIGGER registry_changes_observation AFTER INSERT OR UPDATE ON trust_observations
        FOR EACH ROW EXECUTE FUNCTION record_registry_change('observation')`);
      return;
    }
    for (const event of ['INSERT', 'UPDATE']) {
      await db.raw(`
        CREATE TRIGGER registry_changes_trust_observations_${event.toLowerCase()} AFTER ${event} ON trust_observations
        BEGIN
          INSERT INTO registry_changes (name, kind, changed_at) VALUES (NEW.domain, 'observation', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        END`);
    }
  },
};
