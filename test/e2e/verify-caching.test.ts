import { expect } from 'chai';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { ManageBlocklist } from '../../src/application/registry/manage-blocklist.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

const VERIFIED = 'public, max-age=3600, s-maxage=3240, stale-while-revalidate=360';
const NOT_VERIFIED = 'public, max-age=300, s-maxage=270, stale-while-revalidate=30';
const STRONG_TAG = /^"[A-Za-z0-9_-]{22}"$/;

// What a CDN and a client see of verify answers: how long each may be kept, its validator, its
// surrogate key, and 304 answers on both the repeated-answer path and Koa's.
for (const kind of databaseKinds()) {
  describe(`verify answers a CDN can hold (${kind.name})`, () => {
    let t: TestService;

    before(async () => {
      // The read path alone: the first look a signals=true read may queue (one claim write) is first-look.test.ts's.
      t = await startTestService(kind, { OBSERVE_LIMIT_PER_MINUTE: '0' });
      const entities = new KnexEntityRepository(t.database.db);
      await entities.create(aNewEntity({ name: 'Cache Corp', domain: 'cache-corp.co.uk', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'Gone', domain: 'gone-cache.com', expiresAt: '2020-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'To Block', domain: 'to-block.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await new KnexBlocklist(t.database.db).add([aBlock('blocked-cache.com', 'phishing kit')]);
      await t.propagated();
    });
    after(() => t.stop());

    const headersOf = (res: Response, ...names: string[]) => Object.fromEntries(names.map((name) => [name, res.headers.get(name)]));

    /** Asks until the answer comes from the repeated-answer path (it carries Age). */
    async function repeated(path: string, init: RequestInit = {}): Promise<Response> {
      let res: Response | undefined;
      await waitUntil(
        `${path} is repeated`,
        async () => {
          res = await t.get(path, init);
          await res.clone().arrayBuffer();
          return res.headers.has('age');
        },
        5000,
        50,
      );
      return res!;
    }

    it('lets shared caches keep a verified answer an hour at most, an unverified one five minutes, keyed by registrable domain', async () => {
      for (const [path, cacheControl, key] of [
        ['/verify/cache-corp.co.uk', VERIFIED, 'cache-corp.co.uk'],
        ['/verify/shop.cache-corp.co.uk', VERIFIED, 'cache-corp.co.uk'],
        ['/verify/www.shop.example.co.uk', NOT_VERIFIED, 'example.co.uk'],
        ['/verify/blocked-cache.com', NOT_VERIFIED, 'blocked-cache.com'],
        ['/verify/cache-corp.co.uk?signals=true', VERIFIED, 'cache-corp.co.uk'],
      ] as const) {
        const res = await t.get(path);
        expect(res.status, path).to.equal(200);
        expect(headersOf(res, 'cache-control', 'surrogate-key'), path).to.deep.equal({ 'cache-control': cacheControl, 'surrogate-key': key });
        expect(res.headers.get('etag'), path).to.match(STRONG_TAG);
        expect(res.headers.get('vary'), path).to.contain('Accept');
      }
    });

    it('never lets anyone keep an error, an EXPIRED answer or one with live looks, and gives them no validator or key', async () => {
      for (const [path, status] of [
        ['/verify/not a domain', 400],
        ['/verify/gone-cache.com', 200],
        ['/verify/blocked-cache.com?signals=true&external=true', 200],
        ['/verify/cache-corp.co.uk?signals=maybe', 400],
      ] as const) {
        const res = await t.get(path);
        expect(res.status, path).to.equal(status);
        expect(headersOf(res, 'cache-control', 'etag', 'surrogate-key'), path).to.deep.equal({
          'cache-control': 'no-store',
          etag: null,
          'surrogate-key': null,
        });
        const again = await t.get(path, { headers: { 'if-none-match': '*' } });
        expect(again.status, `${path} conditional`).to.equal(status);
      }
    });

    it('answers If-None-Match with the ETag by 304, no body and the same headers, on the repeated-answer path', async () => {
      const first = await repeated('/verify/cache-corp.co.uk');
      const etag = first.headers.get('etag')!;
      const body = await first.text();
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const res = await t.get('/verify/cache-corp.co.uk', { headers: { 'if-none-match': inm } });
        expect(res.status, inm).to.equal(304);
        expect(await res.text()).to.equal('');
        expect(res.headers.has('age'), 'from the repeated-answer path').to.equal(true);
        expect(headersOf(res, 'etag', 'cache-control', 'surrogate-key', 'vary')).to.deep.equal({
          etag,
          'cache-control': VERIFIED,
          'surrogate-key': 'cache-corp.co.uk',
          vary: 'Accept',
        });
        expect(res.headers.get('access-control-allow-origin')).to.equal('*');
        expect(res.headers.get('x-request-id')).to.be.a('string');
      }
      const other = await t.get('/verify/cache-corp.co.uk', { headers: { 'if-none-match': '"nope"' } });
      expect(other.status).to.equal(200);
      expect(await other.text()).to.equal(body);
      const line = t.logs.findLast((l) => l.msg === 'request' && l.path === '/verify/cache-corp.co.uk' && l.status === 304);
      expect(line, 'the 304 is logged').to.not.equal(undefined);
    });

    it("answers 304 on Koa's path too: the same bytes asked under another spelling are rendered anew, with the same ETag", async () => {
      const etag = (await t.get('/verify/cache-corp.co.uk')).headers.get('etag')!;
      // Not rendered under this target yet, so Koa's route answers; the body is the same bytes.
      const res = await t.get('/verify/CACHE-corp.co.uk.', { headers: { 'if-none-match': `W/${etag}` } });
      expect(res.status).to.equal(304);
      expect(res.headers.has('age'), "Koa's path").to.equal(false);
      expect(await res.text()).to.equal('');
      expect(headersOf(res, 'etag', 'cache-control', 'surrogate-key', 'content-type')).to.deep.equal({
        etag,
        'cache-control': VERIFIED,
        'surrogate-key': 'cache-corp.co.uk',
        'content-type': null,
      });
      expect(res.headers.get('vary')).to.contain('Accept');
    });

    it("gives a changed verdict a new ETag: the old one gets a 200 with the new answer, on the fast path and Koa's", async () => {
      const before = await repeated('/verify/to-block.com');
      const etag = before.headers.get('etag')!;
      expect(((await before.json()) as any).data.verified).to.equal(true);
      await t.service.container.get(ManageBlocklist).add([{ domain: 'to-block.com', reason: 'phishing kit' }]);
      const after = await t.get('/verify/to-block.com', { headers: { 'if-none-match': etag } });
      expect(after.status).to.equal(200);
      expect(((await after.json()) as any).data.blocked).to.equal(true);
      expect(after.headers.get('etag')).to.match(STRONG_TAG).and.not.equal(etag);
      expect(headersOf(after, 'cache-control', 'surrogate-key')).to.deep.equal({ 'cache-control': NOT_VERIFIED, 'surrogate-key': 'to-block.com' });
      const repeat = await repeated('/verify/to-block.com', { headers: { 'if-none-match': etag } });
      expect(repeat.status, 'the repeated answer is the new one').to.equal(200);
    });

    it('tags the signed form and the badge the same way, each with its own validator', async () => {
      const json = await t.get('/verify/cache-corp.co.uk');
      const signed = await t.get('/verify/cache-corp.co.uk', { headers: { accept: 'application/jose' } });
      expect(signed.status).to.equal(200);
      expect(headersOf(signed, 'cache-control', 'surrogate-key')).to.deep.equal({ 'cache-control': VERIFIED, 'surrogate-key': 'cache-corp.co.uk' });
      expect(signed.headers.get('etag')).to.match(STRONG_TAG).and.not.equal(json.headers.get('etag'));
      const held = await t.get('/verify/cache-corp.co.uk', { headers: { accept: 'application/jose', 'if-none-match': '*' } });
      expect(held.status).to.equal(304);
      expect(held.headers.get('etag')).to.match(STRONG_TAG);
      const badge = await t.get('/badge/shop.cache-corp.co.uk.svg');
      expect(headersOf(badge, 'cache-control', 'surrogate-key', 'content-type')).to.deep.equal({
        'cache-control': VERIFIED,
        'surrogate-key': 'cache-corp.co.uk',
        'content-type': 'image/svg+xml; charset=utf-8',
      });
      const badgeAgain = await t.get('/badge/shop.cache-corp.co.uk.svg', { headers: { 'if-none-match': badge.headers.get('etag')! } });
      expect(badgeAgain.status).to.equal(304);
      expect(badgeAgain.headers.get('content-security-policy')).to.be.a('string');
    });
  });
}
