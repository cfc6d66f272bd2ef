import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;

interface Refusal {
  /** What the server answers a new connection with, as PostgreSQL names it. */
  readonly sqlstate: string;
  readonly what: string;
  /** Makes PostgreSQL refuse new connections of the instance's role to its database, and cuts the ones it has. */
  refuse(admin: Knex, database: string, role: string): Promise<void>;
  restore(admin: Knex, database: string, role: string): Promise<void>;
}

const cut = (admin: Knex, database: string) =>
  admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()', [database]);

// Each way PostgreSQL can refuse a connection that the old code list did not know. The role is a
// superuser of its own so that taking its login away touches no other test.
const REFUSALS: readonly Refusal[] = [
  {
    sqlstate: '55000',
    what: 'a database that allows no connections',
    refuse: async (admin, database) => (await admin.raw(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`), await cut(admin, database)),
    restore: async (admin, database) => void (await admin.raw(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`)),
  },
  {
    sqlstate: '28000',
    what: 'a role that may no longer log in (as after a revoked account)',
    refuse: async (admin, database, role) => (await admin.raw(`ALTER ROLE "${role}" NOLOGIN`), await cut(admin, database)),
    restore: async (admin, _database, role) => void (await admin.raw(`ALTER ROLE "${role}" LOGIN`)),
  },
  {
    sqlstate: '3D000',
    what: 'a database that is gone (renamed away)',
    refuse: async (admin, database) => {
      await admin.raw(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
      await cut(admin, database);
      await admin.raw(`ALTER DATABASE "${database}" RENAME TO "${database}_away"`);
      await admin.raw(`ALTER DATABASE "${database}_away" ALLOW_CONNECTIONS true`);
    },
    restore: async (admin, database) => void (await admin.raw(`ALTER DATABASE "${database}_away" RENAME TO "${database}"`)),
  },
];

/** Entities stored before the instance starts: it knows their names (KnownNames) and reads them when asked. */
const STORED = 10;
let storedAsked = 0;

/** Each route that needs the database, asked something no cache holds: a stored name never asked, a new one to register. */
async function askEverything(url: string): Promise<Array<{ route: string; status: number; retryAfter: string | null; body: any }>> {
  const fresh = `never-asked-${randomBytes(4).toString('hex')}.example.com`;
  const stored = () => `stored-${storedAsked++ % STORED}.example.com`;
  const asks: Array<[string, RequestInit | undefined, string]> = [
    ['GET /verify', undefined, `/verify/${stored()}`],
    ['GET /verify signals', undefined, `/verify/${stored()}?signals=true`],
    ['GET /lookup', undefined, `/lookup/ent_nothere${100_000 + Math.floor(Math.random() * 900_000)}`],
    [
      'POST /register',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: fresh, entity_name: 'Never Asked', contact_email: `owner@${fresh}` }),
      },
      '/register',
    ],
  ];
  return Promise.all(
    asks.map(async ([route, init, path]) => {
      const res = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
      return { route, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    }),
  );
}

// Checked to fail without the connection-phase mark (StoreConnectionError), on a copy of the tree:
// every route answered 500 INTERNAL_ERROR without Retry-After and logged "unhandled error" for
// 55000, 28000 and 3D000, as the code list knew none of them.
(PG_URL ? describe : describe.skip)('PostgreSQL refusing new connections, each way it can (real server)', function () {
  this.timeout(120_000);
  let database: PgTestDatabase;
  let admin: Knex;
  let role: string;
  let name: string;
  let instance: InstanceProcess;

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    name = new URL(database.url).pathname.slice(1);
    role = `vetted_role_${randomBytes(4).toString('hex')}`;
    admin = knex({ client: 'pg', connection: PG_URL!, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE ROLE "${role}" SUPERUSER LOGIN`);
    const at = new Date().toISOString();
    await database.db('entities').insert(
      Array.from({ length: STORED }, (_, i) => ({
        id: `ent_stored00${i}`,
        slug: 'stored',
        seq: i + 1,
        name: `Stored ${i}`,
        domain: `stored-${i}.example.com`,
        type: 'business',
        level: 'verified',
        coverage: 'zone',
        status: 'active',
        verified_at: at,
        expires_at: '2099-01-01T00:00:00.000Z',
        created_at: at,
      })),
    );
    const url = new URL(database.url);
    url.username = role;
    instance = await startInstance({ ROLE: 'serve', DATABASE_URL: url.toString(), WORKERS: '0', RECHECK_INTERVAL_MINUTES: '0', REFRESH_OBSERVATIONS: 'false' });
  });
  after(async () => {
    await instance?.stop();
    await database?.dispose();
    await admin?.raw(`DROP ROLE IF EXISTS "${role}"`);
    await admin?.destroy();
  });

  for (const refusal of REFUSALS) {
    it(`answers 503 with Retry-After on every route that needs the database for ${refusal.what} (${refusal.sqlstate}), then recovers`, async () => {
      const unhandledBefore = instance.logged('unhandled error').length;
      const warnedBefore = instance.logged('storage unavailable').length;
      await refusal.refuse(admin, name, role);
      try {
        // A pooled connection cut under a request fails as "terminating connection" (57P01), also a
        // 503; on a loaded machine the first round can meet one. The second round needs new
        // connections, so it meets the refusal itself.
        const first = await askEverything(instance.url);
        const second = await askEverything(instance.url);
        for (const a of [...first, ...second]) {
          expect([a.route, a.status, a.body?.error?.code, a.retryAfter]).to.deep.equal([a.route, 503, 'SERVICE_UNAVAILABLE', '5']);
        }
        // One warn line a request, naming the server's reason (the log is written asynchronously).
        const all = () => instance.logged('storage unavailable').slice(warnedBefore);
        await waitUntil('a warn line for every refused request', async () => all().length >= first.length + second.length, 5000);
        const warned = () => all().slice(first.length);
        expect(JSON.stringify(warned())).to.contain(
          refusal.sqlstate === '3D000' ? 'does not exist' : refusal.sqlstate === '55000' ? 'not currently accepting connections' : 'not permitted to log in',
        );
      } finally {
        await refusal.restore(admin, name, role);
      }
      expect(instance.logged('unhandled error').slice(unhandledBefore)).to.deep.equal([]);
      await waitUntil('the instance answers again', async () => (await fetch(`${instance.url}/lookup/ent_nothere101`)).status === 404, 15_000);
    });
  }

  it('still answers a statement that fails on a working connection as 500 INTERNAL_ERROR with its request id', async () => {
    // A table the instance needs, dropped under it: the connection works, the statement fails (42P01).
    await admin.raw(`SELECT 1`);
    const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    try {
      await db.raw('ALTER TABLE entities RENAME TO entities_away');
      const res = await fetch(`${instance.url}/lookup/ent_nothere102`);
      const body = (await res.json()) as any;
      expect([res.status, body.error.code, res.headers.get('retry-after')]).to.deep.equal([500, 'INTERNAL_ERROR', null]);
      expect(body.error.message).to.contain(res.headers.get('x-request-id'));
    } finally {
      await db.raw('ALTER TABLE entities_away RENAME TO entities');
      await db.destroy();
    }
  });
});
