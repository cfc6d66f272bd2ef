import type { Knex } from 'knex';
import { registryMigration } from './001-registry.js';
import { reportsMigration } from './002-reports.js';
import { scanAdmissionsMigration } from './003-scan-admissions.js';
import { registrationsMigration } from './004-registrations.js';
import { trustObservationsMigration } from './005-trust-observations.js';
import { registryChangesMigration } from './006-registry-changes.js';
import { backgroundWorkMigration } from './007-background-work.js';
import { unclaimedDueIndexMigration } from './008-unclaimed-due-index.js';
import { observationChangesMigration } from './009-observation-changes.js';
import { observationRefreshMigration } from './010-observation-refresh.js';
import { watchesMigration } from './011-watches.js';
import { ownershipEvidenceMigration } from './012-ownership-evidence.js';
import { verdictFactsMigration } from './013-verdict-facts.js';
import { cdnPurgesMigration } from './014-cdn-purges.js';
import { registrationPagesMigration } from './015-registration-pages.js';
import { apiKeysMigration } from './016-api-keys.js';
import { transparencyLogMigration } from './017-transparency-log.js';
import { observationClaimsMigration } from './018-observation-claims.js';
import { counterpartyBindingsMigration } from './019-counterparty-bindings.js';
import { counterpartyLogMigration } from './020-counterparty-log.js';
import { counterpartyWatchChangesMigration } from './021-counterparty-watch-changes.js';
import type { Migration } from './migration.js';

// Migrations live in code so that they run the same from TypeScript and from the build, one file
// each, named by their order; never edit one that has shipped, add the next here.
const MIGRATIONS: readonly Migration[] = [
  registryMigration,
  reportsMigration,
  scanAdmissionsMigration,
  registrationsMigration,
  trustObservationsMigration,
  registryChangesMigration,
  backgroundWorkMigration,
  unclaimedDueIndexMigration,
  observationChangesMigration,
  observationRefreshMigration,
  watchesMigration,
  ownershipEvidenceMigration,
  verdictFactsMigration,
  cdnPurgesMigration,
  registrationPagesMigration,
  apiKeysMigration,
  transparencyLogMigration,
  observationClaimsMigration,
  counterpartyBindingsMigration,
  counterpartyLogMigration,
  counterpartyWatchChangesMigration,
];

/** The migration source handed to Knex: the list above, in order. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => ({ up: (db: Knex) => migration.up(db), down: async () => undefined }),
};
