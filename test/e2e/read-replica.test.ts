import { expect } from 'chai';
import type { Knex } from 'knex';
import pg from 'pg';
import { Database } from '../../src/adapters/persistence/create-knex.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import type { DomainName } from '../../src/domain/domain-name.js';
import { aNewEntity } from '../support/builders.js';
import { replicaUnavailable, startReplica, type PgReplica } from '../support/pg-replica.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;

// A real streaming replica, started here from pg_basebackup of the test PostgreSQL, serves the
// public reads of an instance whose writes go to the primary. The primary's statements are counted:
// a verify read that the primary did not see was answered by the replica.
/** Stored names, each asked at most once (the waits below ask one every few milliseconds). */
const STORED = 400;

(PG_URL ? describe : describe.skip)('public reads from a streaming replica (DATABASE_READ_URL)', function () {
  this.timeout(90_000);
  let replica: PgReplica;
  let t: TestService;
  let primaryReads: string[];
  let n = 0;

  before(async function () {
    const unavailable = await replicaUnavailable(PG_URL);
    if (unavailable) {
      console.log(`  (read replica suite skipped: ${unavailable})`);
      this.skip();
    }
    replica = await startReplica(PG_URL!);
    t = await startTestService(databaseKinds().find((kind) => kind.name === 'postgres')!, { DATABASE_READ_URL: replica.url });
    // Stored names the instance knows of (KnownNames) and reads when first asked: a name nothing is
    // stored under is answered without any read, so it would tell nothing of where reads go.
    const entities = new KnexEntityRepository(t.database.db);
    await entities.createMany(Array.from({ length: STORED }, (_, i) => aNewEntity({ name: `Stored ${i + 1}`, domain: `stored-${i + 1}.example.org` })));
    await t.propagated();
    await replica.caughtUp();
    primaryReads = [];
    t.service.container.get<Knex>(Database).on('query', (query: { sql: string }) => {
      if (/verdict_facts|from "entities"/i.test(query.sql)) primaryReads.push(query.sql);
    });
  });
  after(async () => {
    await t?.stop();
    await replica?.stop();
  });

  /** Verifies a stored name never asked before and says whether the primary was read for it. */
  async function readFromPrimary(name = `stored-${++n}.example.org`): Promise<{ primary: boolean; body: any }> {
    primaryReads.length = 0;
    const response = await t.get(`/verify/${name}`);
    expect(response.status, name).to.equal(200);
    return { primary: primaryReads.length > 0, body: await response.json() };
  }

  it('reads verdicts from the replica once it has replayed what the instance knows of', async () => {
    await waitUntil('a verify read goes to the replica', async () => !(await readFromPrimary()).primary, 10_000);
    expect((await readFromPrimary()).primary).to.equal(false);
  });

  it('answers a block written while the replica is paused from the primary, within a second, and goes back to the replica once it caught up', async () => {
    await replica.pause();
    try {
      const name = 'blocked-while-paused.example.org';
      const writtenAt = Date.now();
      await new KnexBlocklist(t.database.db).add([{ domain: name as DomainName, reason: 'phishing', blockedAt: new Date().toISOString() }]);
      await waitUntil('the instance answers the block', async () => (await readFromPrimary(name)).body.data?.blocked === true, 5000, 10);
      expect(Date.now() - writtenAt).to.be.below(1000);
      // The replica itself has not seen the write: the answer came from the primary.
      expect(await onReplica(replica.url, t.database.options.schema!, `SELECT count(*)::int AS n FROM blocked_domains WHERE domain = '${name}'`)).to.equal(0);
      // Everything else is read from the primary while the replica is behind.
      expect((await readFromPrimary()).primary).to.equal(true);
      // An entity added meanwhile is found by id (a miss on the replica asks the primary).
      const entity = await new KnexEntityRepository(t.database.db).create(aNewEntity({ domain: 'added-while-paused.example.org' }));
      const lookup = await t.get(`/lookup/${entity.id}`);
      expect(lookup.status).to.equal(200);
    } finally {
      await replica.resume();
    }
    await replica.caughtUp();
    await waitUntil('verify reads go back to the replica', async () => !(await readFromPrimary()).primary, 10_000);
    expect((await readFromPrimary('blocked-while-paused.example.org')).body.data.blocked).to.equal(true);
  });

  it('reads from the primary when the replica is gone, and still answers', async () => {
    await replica.stop();
    const { primary, body } = await readFromPrimary().catch(() => readFromPrimary());
    expect(body.data.domain).to.match(/^stored-/);
    expect(primary).to.equal(true);
    const logs = t.logs.filter((line) => String(line.msg).includes('read replica unavailable'));
    expect(logs.length).to.be.at.least(1);
  });
});

async function onReplica(url: string, schema: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schema}"`);
    return (await client.query<{ n: number }>(sql)).rows[0]!.n;
  } finally {
    await client.end();
  }
}
