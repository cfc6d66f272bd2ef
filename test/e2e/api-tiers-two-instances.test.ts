import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import knex from 'knex';
import { KnexApiKeyStore } from '../../src/adapters/persistence/knex-api-key-store.js';
import { mintApiKey } from '../../src/domain/access/api-key.js';
import { runCli } from '../support/cli-run.js';
import { createPgDatabase, startInstance, type InstanceProcess } from '../support/instance-process.js';
import { logFromTwoInstances } from '../support/log-two-instances.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const QUOTA = 20;
const INSTANCES = 2;

interface SharedDatabase {
  readonly url: string;
  dispose(): Promise<void>;
}

async function sqliteFile(): Promise<SharedDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-tiers-'));
  return { url: `sqlite:${join(dir, 'vetted.sqlite')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}

const engines: Array<[string, () => Promise<SharedDatabase>]> = [['sqlite', sqliteFile]];
if (PG_URL) engines.push(['postgres', () => createPgDatabase(PG_URL)]);

/** A Knex handle on the shared database, with the key store on it. */
function storeOf(url: string) {
  const db = url.startsWith('sqlite:')
    ? knex({ client: 'sqlite3', connection: { filename: url.slice('sqlite:'.length) }, useNullAsDefault: true })
    : knex({ client: 'pg', connection: url });
  return { keys: new KnexApiKeyStore(db), close: () => db.destroy() };
}

for (const [engine, open] of engines) {
  // Two real processes on one database: the quota holds across them within the documented bound
  // (each instance gives at most the quota by itself; once both synced, nothing more), a key
  // revoked from the command line is refused by both within a second, and both sequence one log.
  describe(`two instances on one database: request-rate tiers and the transparency log (${engine})`, function () {
    this.timeout(90_000);
    let database: SharedDatabase;
    const instances: InstanceProcess[] = [];
    let env: Record<string, string>;

    before(async () => {
      database = await open();
      env = {
        DATABASE_URL: database.url,
        API_TIERS: 'on',
        API_QUOTA_FREE: String(QUOTA),
        API_QUOTA_PRO: '1000',
        TRUST_PROXY: 'true',
        BASE_URL: 'https://vetted.example.org',
        LOG_LEVEL: 'warn',
      };
      // The first one migrates; the second starts on the migrated database.
      instances.push(await startInstance({ ROLE: 'serve', ...env }));
      instances.push(await startInstance({ ROLE: 'serve', ...env }));
    });
    after(async () => {
      await Promise.all(instances.map((i) => i.stop()));
      await database?.dispose();
    });

    it(`gives an anonymous caller asking both at once no more than ${INSTANCES} × the quota, and nothing more once both synced`, async () => {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      let admitted = 0;
      for (let i = 0; i < 120; i++) {
        const res = await fetch(`${instances[i % INSTANCES]!.url}/verify/example.com`, { headers });
        if (res.status === 200) admitted++;
        else expect(res.status).to.equal(429);
      }
      expect(admitted).to.be.within(QUOTA, INSTANCES * QUOTA);
      // Past one sync (a second), every instance knows the shared total.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const instance of instances) {
        for (let i = 0; i < 5; i++) expect((await fetch(`${instance.url}/verify/example.com`, { headers })).status).to.equal(429);
      }
    });

    it('refuses a key revoked by the command line on every instance within a second', async () => {
      const { key, id } = mintApiKey(randomBytes(8).toString('base64url'), randomBytes(24).toString('base64url'));
      const store = storeOf(database.url);
      try {
        await store.keys.create({
          id,
          keyHash: createHash('sha256').update(key).digest('hex'),
          tier: 'pro',
          name: 'Two instances',
          entityId: null,
          createdAt: new Date().toISOString(),
        });
      } finally {
        await store.close();
      }
      const authorization = `Bearer ${key}`;
      for (const instance of instances) expect((await fetch(`${instance.url}/verify/example.org`, { headers: { authorization } })).status).to.equal(200);
      const revoked = await runCli(['key', 'revoke', id], env);
      expect(revoked.code, revoked.stderr).to.equal(0);
      const at = Date.now();
      const refusedWithin = await Promise.all(
        instances.map(async (instance) => {
          for (;;) {
            const status = (await fetch(`${instance.url}/verify/example.org`, { headers: { authorization } })).status;
            if (status === 401) return Date.now() - at;
            expect(status).to.equal(200);
            if (Date.now() - at > 5000) return Infinity;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }),
      );
      for (const ms of refusedWithin) expect(ms, `refused after ${refusedWithin.join(', ')} ms`).to.be.below(1000);
    });

    it('sequences one transparency log from both instances while two writers write', () => {
      return logFromTwoInstances(instances, database.url);
    });
  });
}
