import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { RateLimited, VerificationExpired, VettedClient, VettedError } from '../../src/adapters/client/index.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { verifyAnswerSchema } from '../../src/application/views/registry-schema.js';
import { trustAnswerSchema } from '../../src/application/views/trust-schema.js';
import { expectAnswer } from '../support/answer-check.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { closedPorts } from '../support/closed-port.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

async function rejection(promise: Promise<unknown>): Promise<VettedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(VettedError);
    return error as VettedError;
  }
  return expect.fail('expected a VettedError');
}

describe('vetted/client, the typed client, against a real service', function () {
  this.timeout(60_000);
  let t: TestService;
  let client: VettedClient;
  let entityId: string;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { API_TIERS: 'on', API_QUOTA_FREE: '1000', REFRESH_OBSERVATIONS: 'false', LOG_LEVEL: 'warn' });
    const entities = new KnexEntityRepository(t.database.db);
    entityId = (await entities.create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }))).id;
    await entities.create(aNewEntity({ name: 'Gone', domain: 'gone.com', expiresAt: '2020-01-01T00:00:00.000Z' }));
    await new KnexBlocklist(t.database.db).add([aBlock('evil.com', 'phishing kit')]);
    client = new VettedClient({ baseUrl: t.url });
    await waitUntil('the block is heard', async () => (await client.verify('evil.com')).blocked === true);
  });
  after(() => t?.stop());

  it('answers status, verify, checkTrust, verifyMany and lookup with the answers the schemas describe', async () => {
    expect((await client.status()).status).to.equal('operational');
    const verified = await client.verify('example.com');
    expectAnswer(verifyAnswerSchema, verified);
    expect(verified.verified).to.equal(true);
    const trust = await client.checkTrust('evil.com');
    expectAnswer(trustAnswerSchema, trust);
    expect(trust.agent_guidance.action).to.equal('BLOCK');
    const many = await client.verifyMany(['example.com', 'gone.com'], { signals: true });
    expect(many.items.map((item) => [item.name, item.success])).to.deep.equal([
      ['example.com', true],
      ['gone.com', false],
    ]);
    const first = many.items[0]!;
    if (first.success) expect(first.data.trust_level).to.be.a('string');
    expect((await client.lookup(entityId)).name).to.equal('Example Corp');
  });

  it('throws the envelope’s code: VerificationExpired for EXPIRED (HTTP 200), NOT_FOUND, VALIDATION_ERROR', async () => {
    const expired = await rejection(client.verify('gone.com'));
    expect(expired).to.be.instanceOf(VerificationExpired);
    expect([expired.code, expired.status]).to.deep.equal(['EXPIRED', 200]);
    expect((expired as VerificationExpired).answer).to.include({ verified: false, expired: true });
    const missing = await rejection(client.lookup('ent_nothere101'));
    expect([missing.code, missing.status]).to.deep.equal(['NOT_FOUND', 404]);
    const bad = await rejection(client.verify('not a domain'));
    expect([bad.code, bad.status]).to.deep.equal(['VALIDATION_ERROR', 400]);
    expect(bad.message).to.match(/domain/i);
  });

  it('throws RateLimited with the retry delay when the quota is used up, without waiting a day for it', async () => {
    const limited = await startTestService(databaseKinds()[0]!, { API_TIERS: 'on', API_QUOTA_FREE: '2', LOG_LEVEL: 'warn' });
    try {
      const c = new VettedClient({ baseUrl: limited.url });
      await c.verify('example.com');
      await c.verify('example.com');
      const refused = await rejection(c.verify('example.com'));
      expect(refused).to.be.instanceOf(RateLimited);
      expect(refused.status).to.equal(429);
      expect(refused.retryAfterSeconds).to.be.greaterThan(10);
    } finally {
      await limited.stop();
    }
  });

  it('tries a read again after SERVICE_UNAVAILABLE with its Retry-After, and says UNREACHABLE when nobody answers', async () => {
    let asked = 0;
    const flaky: Server = createServer((req, res) => {
      asked++;
      res.setHeader('content-type', 'application/json');
      if (asked === 1) {
        res.writeHead(503, { 'retry-after': '1' });
        res.end(
          JSON.stringify({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is briefly unreachable.', retry_after_seconds: 1 } }),
        );
      } else res.end(JSON.stringify({ success: true, data: { status: 'operational', version: '0.1.0', timestamp: new Date().toISOString() } }));
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const c = new VettedClient({ baseUrl: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}` });
      expect((await c.status()).status).to.equal('operational');
      expect(asked).to.equal(2);
    } finally {
      await new Promise((resolve) => flaky.close(resolve));
    }
    const [port] = await closedPorts(1);
    const gone = await rejection(new VettedClient({ baseUrl: `http://127.0.0.1:${port}`, retries: 0 }).status());
    expect([gone.code, gone.status]).to.deep.equal(['UNREACHABLE', 0]);
  });
});
