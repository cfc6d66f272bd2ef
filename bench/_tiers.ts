import { KnexEntityRepository } from '../src/adapters/persistence/knex-entity-repository.js';
import { domainName } from '../src/domain/domain-name.js';
import { createBenchDatabase, withoutChangeTriggers } from './bench-database.js';
import { serve, stop } from './service-process.js';
import { benchTieredVerify } from './tiered-verify.js';

const database = await createBenchDatabase('sqlite', 'tiers');
const verifiedAt = new Date().toISOString();
const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
await withoutChangeTriggers(database.db, (inTransaction) =>
  inTransaction(async (trx) => {
    const all = Array.from({ length: 10_000 }, (_, i) => ({ name: `Company ${i}`, domain: domainName(`company${i}.com`), type: 'business' as const, level: 'verified' as const, coverage: 'zone' as const, verifiedAt, expiresAt }));
    for (let i = 0; i < all.length; i += 1000) await new KnexEntityRepository(trx).createMany(all.slice(i, i + 1000));
  }),
);
const koa = await serve(['bench/koa-ceiling-server.ts'], {});
const vetted = await serve(['bin/vetted.js', 'serve'], { DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'info' });
try {
  const paths = Array.from({ length: 10_000 }, (_, i) => `/verify/company${(i * 7919) % 10_000}.com`);
  console.log(await benchTieredVerify(database.db, database.url, koa.port, vetted.port, paths, 5));
} finally {
  await stop(vetted.child);
  await stop(koa.child);
  await database.dispose();
}
