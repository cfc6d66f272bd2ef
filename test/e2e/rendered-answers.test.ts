import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { KnexTrustObservationStore } from '../../src/adapters/persistence/knex-trust-observation-store.js';
import { domainName } from '../../src/domain/domain-name.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

// What a client sees of the rendered-answer micro-cache: the same bytes, stamped anew, and never a
// verdict older than the latest write once the change feed has told this process (within a second).
for (const kind of databaseKinds()) {
  describe(`repeated verify answers (${kind.name})`, () => {
    let t: TestService;

    before(async () => {
      // The read path alone: the first look a signals=true read may queue (one claim write) is first-look.test.ts's.
      t = await startTestService(kind, { OBSERVE_LIMIT_PER_MINUTE: '0' });
      const entities = new KnexEntityRepository(t.database.db);
      await entities.create(aNewEntity({ name: 'Repeat Corp', domain: 'repeat.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'Soon Blocked', domain: 'soon-blocked.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await t.propagated();
    });
    after(() => t.stop());

    const data = async (path: string): Promise<any> => ((await (await t.get(path)).json()) as { data: unknown }).data;

    async function twice(path: string): Promise<[Response, Response, string, string]> {
      // The entity's own change notice may land after the first answer and forget it: wait for a repeat.
      let first = await t.get(path);
      let firstBody = await first.text();
      for (let i = 0; i < 20; i++) {
        const second = await t.get(path);
        const secondBody = await second.text();
        if (second.headers.has('age')) return [first, second, firstBody, secondBody];
        [first, firstBody] = [second, secondBody];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${path} was never repeated`);
    }

    it('repeats a plain verify byte for byte, with Age, its own request id and every header an answer carries', async () => {
      const [first, second, firstBody, secondBody] = await twice('/verify/repeat.com');
      expect(secondBody).to.equal(firstBody);
      expect(JSON.parse(secondBody).data.verified).to.equal(true);
      expect(Number(second.headers.get('age'))).to.be.within(0, 60);
      expect(second.headers.get('cache-control')).to.equal(first.headers.get('cache-control'));
      expect(second.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(second.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(second.headers.get('referrer-policy')).to.equal('same-origin');
      expect(second.headers.get('x-request-id'))
        .to.match(/^[0-9a-f-]{36}$/)
        .and.not.equal(first.headers.get('x-request-id'));
      const traced = await t.get('/verify/repeat.com', { headers: { 'X-Request-Id': 'trace-repeat-0001' } });
      expect(traced.headers.get('x-request-id')).to.equal('trace-repeat-0001');
      const line = t.logs.find((l) => l.reqId === 'trace-repeat-0001');
      expect(line).to.deep.include({ msg: 'request', method: 'GET', path: '/verify/repeat.com', status: 200 });
    });

    it('repeats signals=true but never an answer with live looks (external=true)', async () => {
      const [, second] = await twice('/verify/repeat.com?signals=true');
      expect(second.headers.has('age')).to.equal(true);
      await t.get('/verify/repeat.com?signals=true&external=true');
      const again = await t.get('/verify/repeat.com?signals=true&external=true');
      expect(again.headers.has('age')).to.equal(false);
    });

    it('answers a block written by another writer within a second, not the repeated verdict', async () => {
      await twice('/verify/soon-blocked.com');
      await new KnexBlocklist(t.database.db).add([aBlock('soon-blocked.com', 'phishing kit')]);
      const written = Date.now();
      await waitUntil('the verify answer shows the block', async () => (await data('/verify/soon-blocked.com')).blocked === true, 3000);
      expect(Date.now() - written).to.be.below(1500);
    });

    it('scores a newly stored observation within a second, not the repeated assessment', async () => {
      const signalOf = async () => (await data('/verify/repeat.com?signals=true')).signals.ssl;
      await twice('/verify/repeat.com?signals=true');
      const before = await signalOf();
      const now = new Date().toISOString();
      const written = Date.now();
      await new KnexTrustObservationStore(t.database.db).put(domainName('repeat.com'), 'tls', {
        observedAt: now,
        value: { valid: true, hostnameMatches: true, validTo: '2099-01-01T00:00:00.000Z' },
      });
      await waitUntil('the stored TLS observation is scored', async () => JSON.stringify(await signalOf()) !== JSON.stringify(before), 3000);
      expect(Date.now() - written).to.be.below(1500);
    });
  });
}
