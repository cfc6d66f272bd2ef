import { Writable } from 'node:stream';
import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { KnexReportRepository } from '../../src/adapters/persistence/knex-report-repository.js';
import { loadConfig } from '../../src/adapters/config/load-config.js';
import { AddEntity } from '../../src/application/registry/add-entity.js';
import { ManageBlocklist } from '../../src/application/registry/manage-blocklist.js';
import { domainName } from '../../src/domain/domain-name.js';
import { startService, type RunningService } from '../../src/service.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { aReport } from '../support/hostile-report.js';
import { startPurgeReceiver, type PurgeReceiver } from '../support/purge-receiver.js';
import { databaseKinds, type TestDatabase } from '../support/test-databases.js';
import { FAST_JOBS } from '../support/test-service.js';
import { delay, waitUntil } from '../support/wait-until.js';

const SIGNATURE = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519', keyId: 'kid-1', value: 'sig' } as const;
/** Long enough for a duplicate to show: every instance's change feed has asked for a job, and its queue run it, a few times over. */
const QUIET_MS = 1000;

// Every registry write, whoever makes it, leads to one purge of its registrable domain at the
// operator's endpoint, with one instance or two sharing the database.
for (const kind of databaseKinds()) {
  describe(`CDN purges after registry writes (${kind.name})`, function () {
    this.timeout(30_000);
    let database: TestDatabase;
    let receiver: PurgeReceiver;
    const services: RunningService[] = [];

    async function serve(): Promise<RunningService> {
      const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
      const config = loadConfig({
        DATABASE_URL: database.url,
        CDN_PURGE_URL: receiver.url,
        LOG_LEVEL: 'warn',
        RECHECK_INTERVAL_MINUTES: '0',
        REFRESH_OBSERVATIONS: 'false',
      });
      const service = await startService(config, { jobs: FAST_JOBS, port: 0, database: database.options, logDestination: sink });
      services.push(service);
      return service;
    }

    /** Runs `write` and waits for `key` to be purged once more (the test checks for duplicates at its end). */
    async function purged(key: string, write: () => Promise<unknown>): Promise<void> {
      const before = receiver.keys().filter((k) => k === key).length;
      await write();
      await waitUntil(`${key} is purged`, () => receiver.keys().filter((k) => k === key).length > before, 10_000);
    }

    before(async () => {
      database = await kind.create({ migrate: true });
      receiver = await startPurgeReceiver();
    });
    // Each test starts its own instances; what an earlier one wrote is purged already.
    afterEach(async () => {
      await Promise.all(services.splice(0).map((service) => service.stop()));
      receiver.purges.length = 0;
    });
    after(async () => {
      await receiver?.close();
      await database?.dispose();
    });

    it('purges the registrable domain of each write once: a block, an unblock, an entity added, a report stored', async () => {
      const service = await serve();
      const blocks = service.container.get(ManageBlocklist);
      await purged('block-me.co.uk', () => blocks.add([{ domain: 'login.block-me.co.uk', reason: 'phishing kit' }]));
      await purged('block-me.co.uk', () => blocks.remove('login.block-me.co.uk'));
      await purged('new-entity.com', () => service.container.get(AddEntity).run({ domain: 'shop.new-entity.com', name: 'New Entity' }));
      // Another writer on its own pool, as the CLI or another process would write.
      await purged('reported.org', () =>
        new KnexReportRepository(database.db).save({ report: aReport({ domain: domainName('www.reported.org') }), signature: SIGNATURE }),
      );
      await delay(QUIET_MS);
      expect(receiver.purges.map((p) => p.keys)).to.deep.equal([['block-me.co.uk'], ['block-me.co.uk'], ['new-entity.com'], ['reported.org']]);
      expect(receiver.purges.every((p) => p.contentType === 'application/json' && p.status === 200 && p.authorization === undefined)).to.equal(true);
    });

    it('sends the keys of writes that arrive together in one request, each key once', async () => {
      await serve();
      await new KnexBlocklist(database.db).add([aBlock('a.together.com'), aBlock('b.together.com'), aBlock('together.net')]);
      await waitUntil('the batch is purged', () => receiver.keys().length >= 2, 10_000);
      await delay(QUIET_MS);
      expect(receiver.purges.map((p) => [...p.keys].sort())).to.deep.equal([['together.com', 'together.net']]);
    });

    it('purges again when the endpoint refused, through the job queue, and then no more', async () => {
      await serve();
      receiver.answerWith(500);
      await new KnexBlocklist(database.db).add([aBlock('retry-me.com')]);
      await waitUntil('the refused purge is retried', () => receiver.purges.length >= 2, 15_000);
      await delay(QUIET_MS);
      expect(receiver.purges.map((p) => [p.keys, p.status])).to.deep.equal([
        [['retry-me.com'], 500],
        [['retry-me.com'], 200],
      ]);
    });

    it('purges each write once with two instances sharing the database, whichever instance or writer made it', async () => {
      const [a, b] = [await serve(), await serve()];
      const entities = new KnexEntityRepository(database.db);
      await purged('two-a.com', () => a!.container.get(ManageBlocklist).add([{ domain: 'two-a.com' }]));
      await purged('two-b.com', () => b!.container.get(AddEntity).run({ domain: 'two-b.com', name: 'Two B' }));
      await purged('two-c.com', () => entities.create(aNewEntity({ name: 'Two C', domain: 'www.two-c.com', expiresAt: '2099-01-01T00:00:00.000Z' })));
      await purged('two-a.com', () => b!.container.get(ManageBlocklist).remove('two-a.com'));
      await delay(QUIET_MS);
      expect(receiver.keys()).to.deep.equal(['two-a.com', 'two-b.com', 'two-c.com', 'two-a.com']);
    });
  });
}
