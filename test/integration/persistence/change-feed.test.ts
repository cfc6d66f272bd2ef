import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { ChangeFeedOptions } from '../../../src/adapters/persistence/change-feed-options.js';
import { SystemClock } from '../../../src/adapters/clock/system-clock.js';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexBlocklist } from '../../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexReportRepository } from '../../../src/adapters/persistence/knex-report-repository.js';
import { KnexTrustObservationStore } from '../../../src/adapters/persistence/knex-trust-observation-store.js';
import { PgListenChangeFeed } from '../../../src/adapters/persistence/pg-listen-change-feed.js';
import { pruneRegistryChanges } from '../../../src/adapters/persistence/prune-registry-changes.js';
import { SqlitePollingChangeFeed } from '../../../src/adapters/persistence/sqlite-polling-change-feed.js';
import type { ChangeFeed } from '../../../src/application/ports/change-feed.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { changeFeedContract } from '../../contract/change-feed.contract.js';
import { RecordingChangeListener } from '../../fakes/recording-change-listener.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { aBlock, aNewEntity } from '../../support/builders.js';
import { aReport } from '../../support/hostile-report.js';
import { databaseKinds, type DatabaseKind, type TestDatabase } from '../../support/test-databases.js';

const SIGNATURE = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519', keyId: 'kid-1', value: 'sig' } as const;

/** The feed of `kind` over `t`, plus a second pool on the same database. */
async function feedOver(kind: DatabaseKind, t: TestDatabase, options: Partial<ChangeFeedOptions> = {}, logger = new RecordingLogger()) {
  const all: ChangeFeedOptions = { connectionString: t.url, schema: t.options.schema, ...options };
  const feed: ChangeFeed =
    kind.name === 'sqlite' ? new SqlitePollingChangeFeed(all, t.db, new SystemClock(), logger) : new PgListenChangeFeed(all, t.db, new SystemClock(), logger);
  const other = createKnex(t.url, t.options);
  return {
    feed,
    logger,
    other: {
      db: other,
      entities: new KnexEntityRepository(other),
      blocklist: new KnexBlocklist(other),
      reports: new KnexReportRepository(other),
      observations: new KnexTrustObservationStore(other),
    },
  };
}

for (const kind of databaseKinds()) {
  describe(`ChangeFeed on ${kind.name} (${kind.name === 'sqlite' ? 'SqlitePollingChangeFeed' : 'PgListenChangeFeed'})`, () => {
    changeFeedContract(kind.name, async () => {
      const t = await kind.create();
      const { feed, other } = await feedOver(kind, t);
      return { feed, other, dispose: async () => (await other.db.destroy(), await t.dispose()) };
    });

    describe('the registry_changes migration', () => {
      let t: TestDatabase;
      beforeEach(async () => (t = await kind.create()));
      afterEach(() => t.dispose());

      it('records every write with its name, kind and an ISO instant, in the writing transaction', async () => {
        const entity = await new KnexEntityRepository(t.db).create(aNewEntity({ domain: 'example.com' }));
        await new KnexEntityRepository(t.db).setStatus(entity.id, 'revoked');
        await new KnexBlocklist(t.db).add([aBlock('evil.com')]);
        await new KnexBlocklist(t.db).remove(domainName('evil.com'));
        await new KnexReportRepository(t.db).save({ report: aReport({ id: 'rpt_m1', domain: domainName('a.example.net') }), signature: SIGNATURE });
        await new KnexTrustObservationStore(t.db).put('b.example.net', 'tls', { observedAt: '2026-09-01T00:00:00.000Z', value: { valid: true } });
        const rows = await t.db('registry_changes').orderBy('id').select('name', 'kind', 'changed_at');
        expect(rows.map((r) => [r.name, r.kind])).to.deep.equal([
          ['example.com', 'entity'],
          ['example.com', 'entity'],
          ['evil.com', 'block'],
          ['evil.com', 'unblock'],
          ['a.example.net', 'report'],
          ['b.example.net', 'observation'],
        ]);
        for (const row of rows) {
          expect(row.changed_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
          expect(Math.abs(Date.parse(row.changed_at) - Date.now())).to.be.below(60_000);
        }
      });

      it('prunes changes older than ten minutes and keeps the rest', async () => {
        const now = new Date('2026-09-01T12:00:00.000Z');
        await t.db('registry_changes').insert([
          { name: 'old.example.com', kind: 'entity', changed_at: '2026-09-01T11:49:59.999Z' },
          { name: 'new.example.com', kind: 'entity', changed_at: '2026-09-01T11:50:00.001Z' },
        ]);
        await pruneRegistryChanges(t.db, now);
        await pruneRegistryChanges(t.db, now);
        expect(await t.db('registry_changes').pluck('name')).to.deep.equal(['new.example.com']);
      });
    });

    if (kind.name === 'postgres') describe('on PostgreSQL only', () => postgresOnly(kind));
    else describe('on SQLite only', () => sqliteOnly(kind));
  });
}

function postgresOnly(kind: DatabaseKind): void {
  let t: TestDatabase;
  let s: Awaited<ReturnType<typeof feedOver>>;
  let listener: RecordingChangeListener;
  let applicationName: string;
  beforeEach(async () => {
    t = await kind.create();
    applicationName = `vetted-feed-test-${randomBytes(4).toString('hex')}`;
    s = await feedOver(kind, t, { applicationName, minReconnectDelayMs: 50 });
    listener = new RecordingChangeListener();
    await s.feed.start(listener);
  });
  afterEach(async () => {
    await s.feed.stop();
    await s.other.db.destroy();
    await t.dispose();
  });

  it('reconnects after the server ends its listening connection, resets the listener, and delivers again', async () => {
    const killedAt = performance.now();
    const killed = await s.other.db.raw('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = ?', [applicationName]);
    expect(killed.rows.map((r: { ok: boolean }) => r.ok)).to.deep.equal([true]);
    const resetAt = await listener.waitFor((e) => e.kind === 'reset', 3000);
    console.log(`      reset ${Math.round(resetAt - killedAt)} ms after the server ended the listening connection`);
    expect(s.logger.entries.map((e) => e.message)).to.include.members([
      'change feed connection lost; reconnecting',
      'change feed reconnected; clearing what may be stale',
    ]);
    const from = listener.events.length;
    await s.other.blocklist.add([aBlock('evil.com')]);
    await listener.waitForName('evil.com', 1000, from);
    const listening = await s.other.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ? AND query LIKE 'LISTEN%'", [
      applicationName,
    ]);
    expect(listening.rows[0].n).to.equal(1);
  });

  it('ignores changes written in another schema of the same database', async () => {
    const elsewhere = await kind.create();
    try {
      await new KnexBlocklist(elsewhere.db).add([aBlock('other-schema.example.com')]);
      await s.other.blocklist.add([aBlock('own-schema.example.com')]);
      await listener.waitForName('own-schema.example.com', 1000);
      // Notices arrive in commit order: the other schema's came first, had it been passed on.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listener.names).to.deep.equal(['own-schema.example.com']);
    } finally {
      await elsewhere.dispose();
    }
  });

  it('refuses to start when the database cannot be reached', async () => {
    const logger = new RecordingLogger();
    const feed = new PgListenChangeFeed({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }, t.db, new SystemClock(), logger);
    let failed: unknown;
    await feed.start(new RecordingChangeListener()).catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(Error);
    await feed.stop();
  });
}

function sqliteOnly(kind: DatabaseKind): void {
  let t: TestDatabase;
  let s: Awaited<ReturnType<typeof feedOver>>;
  let listener: RecordingChangeListener;
  async function begin(options: Partial<ChangeFeedOptions>): Promise<void> {
    s = await feedOver(kind, t, options);
    listener = new RecordingChangeListener();
    await s.feed.start(listener);
  }
  beforeEach(async () => (t = await kind.create()));
  afterEach(async () => {
    await s.feed.stop();
    await s.other.db.destroy();
    await t.dispose();
  });

  it('starts after the changes already stored, even when they were pruned', async () => {
    const early = createKnex(t.url);
    await new KnexBlocklist(early).add([aBlock('before.example.com')]);
    await early('registry_changes').delete();
    await early.destroy();
    await begin({ pollIntervalMs: 20 });
    await s.other.blocklist.add([aBlock('after.example.com')]);
    await listener.waitForName('after.example.com', 1000);
    expect(listener.events.map((e) => e.kind)).to.deep.equal(['changed']);
    expect(listener.names).to.deep.equal(['after.example.com']);
  });

  it('resets instead of reading a burst bigger than its batch, then goes on from its end', async () => {
    await begin({ pollIntervalMs: 20, batchLimit: 3 });
    await s.other.blocklist.add(['a', 'b', 'c', 'd', 'e'].map((l) => aBlock(`${l}.example.com`)));
    await listener.waitFor((e) => e.kind === 'reset', 1000);
    await s.other.blocklist.add([aBlock('f.example.com')]);
    await listener.waitForName('f.example.com', 1000);
    expect(listener.events.map((e) => e.kind)).to.deep.equal(['reset', 'changed']);
    expect(listener.names).to.deep.equal(['f.example.com']);
  });

  it('reads a write by another connection as soon as the file changes, not at the next poll', async () => {
    // A minute between polls: only the file's change can deliver it within the wait.
    await begin({ pollIntervalMs: 60_000 });
    await s.other.blocklist.add([aBlock('woken.example.com')]);
    await listener.waitForName('woken.example.com', 5_000);
  });

  it('resets when changes were pruned before it read them', async () => {
    // A stalled process: nothing wakes it before its poll, and the rows are gone by then.
    await begin({ pollIntervalMs: 500, watchFile: false });
    await s.other.blocklist.add([aBlock('lost.example.com')]);
    await s.other.db('registry_changes').delete();
    await s.other.blocklist.add([aBlock('next.example.com')]);
    await listener.waitFor((e) => e.kind === 'reset', 1500);
    await s.other.blocklist.add([aBlock('later.example.com')]);
    await listener.waitForName('later.example.com', 1500);
    expect(listener.events.map((e) => e.kind)).to.deep.equal(['reset', 'changed']);
    expect(listener.names).to.deep.equal(['later.example.com']);
  });

  it('logs a failing read once per outage and catches up afterwards without a reset', async () => {
    await begin({ pollIntervalMs: 20 });
    await s.other.db.raw('ALTER TABLE registry_changes RENAME TO registry_changes_away');
    await new KnexBlocklist(s.other.db).add([aBlock('during.example.com')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await s.other.db.raw('ALTER TABLE registry_changes_away RENAME TO registry_changes');
    await listener.waitForName('during.example.com', 1000);
    const warnings = s.logger.entries.filter((e) => e.level === 'warn');
    expect(warnings.map((e) => e.message)).to.deep.equal(['change feed cannot read registry_changes; retrying']);
    expect(s.logger.entries.map((e) => e.message)).to.include('change feed reads registry_changes again');
    expect(listener.resets).to.equal(0);
  });
}
