import { expect } from 'chai';
import { AdmitRead, type Admission } from '../../../src/application/access/admit-read.js';
import { ApiKeys } from '../../../src/application/access/api-keys.js';
import { ManageApiKeys } from '../../../src/application/access/manage-api-keys.js';
import { ReadQuotas } from '../../../src/application/access/read-quotas.js';
import type { AppError } from '../../../src/application/errors.js';
import type { AppConfig } from '../../../src/application/ports/app-config.js';
import type { StoredApiKey } from '../../../src/application/ports/api-key-store.js';
import { Sha256TokenHasher } from '../../../src/adapters/random/sha256-token-hasher.js';
import { mintApiKey } from '../../../src/domain/access/api-key.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryAccess } from '../../fakes/in-memory-access.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { rejection } from '../../support/rejection.js';

const CONFIG = { apiTiers: { free: 3, pro: 5, enterprise: null } } as AppConfig;
const ADDRESS = '192.0.2.1';

/** The fake, counting the key reads it answers. */
class CountingAccess extends InMemoryAccess {
  finds = 0;
  override find(id: string): Promise<StoredApiKey | undefined> {
    this.finds++;
    return super.find(id);
  }
}

describe('AdmitRead', () => {
  let access: CountingAccess;
  let clock: FixedClock;
  let keys: ApiKeys;
  let quotas: ReadQuotas;
  let manage: ManageApiKeys;
  let admit: AdmitRead;
  const make = (config: AppConfig) => new AdmitRead(config, keys, new Sha256TokenHasher(), quotas, clock);
  // run throws at once for a malformed header and rejects for a key it had to read: one promise for both.
  const run = (authorization: string | undefined, count = true, clientAddress = ADDRESS) =>
    Promise.resolve().then(() => admit.run({ authorization, clientAddress }, count));
  const refusal = (authorization: string | undefined, count = true, clientAddress = ADDRESS) => rejection<AppError>(run(authorization, count, clientAddress));
  const bearer = (key: string) => `Bearer ${key}`;

  beforeEach(() => {
    access = new CountingAccess();
    clock = new FixedClock('2026-09-01T18:00:00.000Z');
    keys = new ApiKeys(access);
    quotas = new ReadQuotas(access);
    manage = new ManageApiKeys(access, new InMemoryRegistry(), new SequentialTokens(), new Sha256TokenHasher(), clock, keys);
    admit = make(CONFIG);
  });

  describe('without Authorization', () => {
    it('admits the free tier by client address at once, then refuses the 4th with RATE_LIMITED until the next UTC day', async () => {
      const first = admit.run({ authorization: undefined, clientAddress: ADDRESS }, true);
      expect(first, 'no key: answered without a promise').to.not.be.instanceOf(Promise);
      expect(first).to.deep.equal({
        caller: { tier: 'free', subject: `addr:${ADDRESS}` },
        standing: { tier: 'free', quota: 3, remaining: 2, resetSeconds: 21_600, exhausted: false },
      });
      expect([(await run(undefined)).standing?.remaining, (await run(undefined)).standing?.remaining]).to.deep.equal([1, 0]);

      const error = await refusal(undefined);

      expect(error.code).to.equal('RATE_LIMITED');
      expect(error.details).to.deep.equal({ retryAfterSeconds: 21_600, limit: 'daily_quota', tier: 'free', quota: 3 });
      expect(error.message).to.contain('An API key');
      clock.set('2026-09-01T23:59:59.500Z');
      expect((await refusal(undefined)).details.retryAfterSeconds).to.equal(1);
      clock.set('2026-09-02T00:00:00.000Z');
      expect((await run(undefined)).standing).to.include({ remaining: 2, resetSeconds: 86_400 });
    });

    it('counts two addresses apart, and a missing address as one unknown caller', async () => {
      for (let i = 0; i < 3; i++) await run(undefined);
      expect((await refusal(undefined)).code).to.equal('RATE_LIMITED');
      expect((await run(undefined, true, '198.51.100.7')).standing?.remaining).to.equal(2);
      expect((await admit.run({ authorization: undefined, clientAddress: undefined }, true)).caller).to.deep.equal({ tier: 'free', subject: 'addr:unknown' });
      await quotas.sync(clock.now());
      expect([...access.usage.keys()]).to.deep.equal([`addr:${ADDRESS}`, 'addr:198.51.100.7', 'addr:unknown']);
    });

    it('does not count with count=false', async () => {
      for (let i = 0; i < 10; i++) expect(await run(undefined, false)).to.deep.equal({ caller: { tier: 'free', subject: `addr:${ADDRESS}` } });
      expect(quotas.size).to.equal(0);
      expect((await run(undefined)).standing?.remaining).to.equal(2);
    });
  });

  describe('with an API key', () => {
    it('admits a key made by ManageApiKeys as its tier, counted under key:<id>, read once then cached', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });

      const answers: Admission[] = [];
      for (let i = 0; i < 5; i++) answers.push(await run(bearer(created.key)));
      const error = await refusal(bearer(created.key));

      expect(answers[0]).to.deep.equal({
        caller: { tier: 'pro', subject: `key:${created.id}`, keyId: created.id },
        standing: { tier: 'pro', quota: 5, remaining: 4, resetSeconds: 21_600, exhausted: false },
      });
      expect(answers.map((a) => a.standing?.remaining)).to.deep.equal([4, 3, 2, 1, 0]);
      expect(error.code).to.equal('RATE_LIMITED');
      expect(error.details).to.deep.equal({ retryAfterSeconds: 21_600, limit: 'daily_quota', tier: 'pro', quota: 5 });
      expect(access.finds).to.equal(1);
      expect(admit.run({ authorization: bearer(created.key), clientAddress: ADDRESS }, false), 'cached: answered without a promise').to.not.be.instanceOf(
        Promise,
      );
      await quotas.sync(clock.now());
      expect([...access.usage.keys()]).to.deep.equal([`key:${created.id}`]);
      expect(access.usage.get(`key:${created.id}`)?.get('2026-09-01')?.count).to.equal(5);
    });

    it('takes the scheme in any case and spaces around the key', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      for (const header of [`bearer ${created.key}`, `BEARER  ${created.key}  `]) {
        expect((await run(header, false)).caller.keyId).to.equal(created.id);
      }
    });

    it('never refuses an enterprise key', async () => {
      const created = await manage.create({ tier: 'enterprise', name: 'Example Corp' });
      for (let i = 0; i < 200; i++) {
        expect((await run(bearer(created.key))).standing).to.deep.equal({
          tier: 'enterprise',
          quota: null,
          remaining: null,
          resetSeconds: 21_600,
          exhausted: false,
        });
      }
    });

    it('refuses another scheme or a header that is not a key as malformed, without reading or counting', async () => {
      const headers = ['Basic x', 'Bearer nonsense', 'Bearer', 'Bearer ', '', 'Token vtk_x', 'Bearer a b'];
      for (const header of headers) {
        const error = await refusal(header);
        expect([error.code, error.details], JSON.stringify(header)).to.deep.equal(['UNAUTHORIZED', { reason: 'malformed' }]);
      }
      expect(access.finds).to.equal(0);
      expect(quotas.size).to.equal(0);
    });

    it('refuses a key with one character changed as malformed (its checksum) without any store read', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      const at = 20;
      const typo = created.key.slice(0, at) + (created.key[at] === 'a' ? 'b' : 'a') + created.key.slice(at + 1);

      const error = await refusal(bearer(typo));

      expect([error.code, error.details]).to.deep.equal(['UNAUTHORIZED', { reason: 'malformed' }]);
      expect(error.message).to.contain('checksum');
      expect(access.finds).to.equal(0);
      expect(quotas.size).to.equal(0);
    });

    it('refuses a well-formed key that is not stored as unknown, reading it each time', async () => {
      const { key } = mintApiKey('AAECAwQFBgc', 'ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7');
      for (let i = 0; i < 2; i++) {
        const error = await refusal(bearer(key));
        expect([error.code, error.details]).to.deep.equal(['UNAUTHORIZED', { reason: 'unknown' }]);
      }
      expect(access.finds).to.equal(2);
      expect(quotas.size).to.equal(0);
    });

    it('refuses a well-formed key with a stored id but another secret as unknown', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      const forged = mintApiKey('tok000000000000000000001', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(forged.id, 'SequentialTokens gave the stored key this id randomness').to.equal(created.id);

      const error = await refusal(bearer(forged.key));

      expect([error.code, error.details]).to.deep.equal(['UNAUTHORIZED', { reason: 'unknown' }]);
    });

    it('refuses a revoked key as revoked', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      expect(await manage.revoke(created.id)).to.equal('revoked');

      const error = await refusal(bearer(created.key));

      expect([error.code, error.details]).to.deep.equal(['UNAUTHORIZED', { reason: 'revoked' }]);
      expect(quotas.size).to.equal(0);
    });

    it('refuses a key revoked through ManageApiKeys after it was cached, reading it again', async () => {
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      await run(bearer(created.key));
      await run(bearer(created.key));
      expect(access.finds).to.equal(1);

      await manage.revoke(created.id);
      const error = await refusal(bearer(created.key));

      expect([error.code, error.details]).to.deep.equal(['UNAUTHORIZED', { reason: 'revoked' }]);
      expect(access.finds).to.equal(2);
    });

    it('refuses a key another process revoked once the change feed names it', async () => {
      const created = await manage.create({ tier: 'free', name: 'Example Corp' });
      await run(bearer(created.key), false);
      await access.revoke(created.id, clock.now().toISOString());
      expect((await run(bearer(created.key), false)).caller.keyId, 'not told yet').to.equal(created.id);

      keys.forget([`key:${created.id}`]);

      expect((await refusal(bearer(created.key))).details).to.deep.equal({ reason: 'revoked' });
    });
  });

  describe('with API_TIERS off', () => {
    beforeEach(() => {
      admit = make({ ...CONFIG, apiTiers: undefined });
    });

    it('is not enabled and counts nothing: no standing even when asked to count', async () => {
      expect(admit.enabled).to.equal(false);
      expect(make(CONFIG).enabled).to.equal(true);
      for (let i = 0; i < 10; i++) expect(await run(undefined, true)).to.deep.equal({ caller: { tier: 'free', subject: `addr:${ADDRESS}` } });
      const created = await manage.create({ tier: 'pro', name: 'Example Corp' });
      expect(await run(bearer(created.key), true)).to.deep.equal({ caller: { tier: 'pro', subject: `key:${created.id}`, keyId: created.id } });
      expect(quotas.size).to.equal(0);
    });
  });
});
