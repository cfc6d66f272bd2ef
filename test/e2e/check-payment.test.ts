import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { KnexTrustObservationStore } from '../../src/adapters/persistence/knex-trust-observation-store.js';
import { SyncCounterparty } from '../../src/application/counterparty/sync-counterparty.js';
import { SequenceLog } from '../../src/application/log/sequence-log.js';
import { parseCheckpoint } from '../../src/domain/log/checkpoint.js';
import { leafHash, verifyInclusion } from '../../src/domain/log/merkle.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { splitBundle } from '../support/log-bundle.js';
import { runCli } from '../support/cli-run.js';

type Json = any;

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

// EIP-55 test vectors (eips.ethereum.org/EIPS/eip-55), on Base (chain 8453).
const SHOP_WALLET = 'eip155:8453:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NEW_WALLET = 'eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const STRANGER = 'eip155:8453:0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const DAY = 86_400_000;

for (const kind of databaseKinds()) {
  describe(`check_payment over MCP: destinations bound to verified entities by proof (${kind.name})`, function () {
    this.timeout(60_000);
    let t: TestService;
    let dns: TestDnsServer;
    let client: Client;
    let shopId: string;
    let otherId: string;
    let dnsClosed = false;

    const pay = async (args: Json): Promise<Json> => {
      const result = (await client.callTool({ name: 'check_payment', arguments: args })) as Json;
      expect(result.isError, JSON.stringify(result.content)).to.not.equal(true);
      return result.structuredContent;
    };
    const sync = () => t.service.container.get(SyncCounterparty).run(shopId);
    // The binding's date moved back, as if declared `days` ago (the 7-day rule reads it).
    const age = (days: number) =>
      t.database
        .db('counterparty_bindings')
        .whereNull('removed_at')
        .update({ since: new Date(Date.now() - days * DAY).toISOString() });

    before(async () => {
      dns = await startDnsServer({ '_vetted-counterparty.shop.example.com': { TXT: [`vetted-pay-to=${SHOP_WALLET}`, 'some-other-record=1'] } });
      t = await startTestService(kind, { DNS_SERVERS: dns.address, REFRESH_OBSERVATIONS: 'false', OBSERVE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' });
      const entities = new KnexEntityRepository(t.database.db);
      shopId = (await entities.create(aNewEntity({ name: 'Shop Ltd', domain: 'shop.example.com', level: 'enterprise', expiresAt: '2099-01-01T00:00:00.000Z' })))
        .id;
      otherId = (await entities.create(aNewEntity({ name: 'Other Co', domain: 'other.example.org', expiresAt: '2099-01-01T00:00:00.000Z' }))).id;
      const observed = new Date().toISOString();
      const observations = new KnexTrustObservationStore(t.database.db);
      await observations.put('shop.example.com', 'tls', {
        observedAt: observed,
        value: { valid: true, hostnameMatches: true, validTo: '2099-01-01T00:00:00.000Z' },
      });
      await observations.put('shop.example.com', 'domain_age', { observedAt: observed, value: { registeredAt: '2012-01-01T00:00:00.000Z' } });
      await observations.put('shop.example.com', 'reputation', {
        observedAt: observed,
        value: { blocklists: [], spf: { published: true }, dmarc: { published: true, policy: 'reject' } },
      });
      await new KnexBlocklist(t.database.db).add([aBlock('evil-shop.com', 'phishing kit')]);
      await t.propagated();
      client = new Client({ name: 'paying-agent', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    });
    after(async () => {
      await client?.close();
      await t?.stop();
      if (!dnsClosed) await dns?.close();
    });

    it('binds what the TXT record declares, and pays the shop’s own destination once it is a week old (PROCEED)', async () => {
      const synced = await sync();
      expect(synced.kind).to.equal('synced');
      if (synced.kind === 'synced') expect(synced.change.added.map((b) => b.value)).to.deep.equal([SHOP_WALLET]);
      await age(30);
      const answer = await pay({ domain: 'shop.example.com', pay_to: SHOP_WALLET.toLowerCase(), amount_usd: 20 });
      expect(answer.counterparty).to.include({ status: 'bound', how: 'declared', source: '_vetted-counterparty.shop.example.com' });
      expect(answer.counterparty.entity).to.deep.equal({ id: shopId, name: 'Shop Ltd', domain: 'shop.example.com' });
      expect(answer.agent_guidance.action, answer.agent_guidance.reason).to.equal('PROCEED');
    });

    it('stops a destination the shop never declared (FLAG, naming it) and one of another entity', async () => {
      const stranger = await pay({ domain: 'shop.example.com', pay_to: STRANGER, amount_usd: 20 });
      expect(stranger.counterparty.status).to.equal('unbound');
      expect(stranger.agent_guidance.action).to.equal('FLAG');
      expect(stranger.agent_guidance.reason).to.contain(STRANGER).and.contain('never declared');
      const elsewhere = await pay({ domain: 'other.example.org', pay_to: SHOP_WALLET });
      expect(elsewhere.counterparty.status).to.equal('bound_elsewhere');
      expect(elsewhere.agent_guidance.reason).to.contain('Shop Ltd');
    });

    it('warns for 7 days after the shop changes its destination, naming the change and its date, then pays it', async () => {
      dns.set('_vetted-counterparty.shop.example.com', { TXT: [`vetted-pay-to=${NEW_WALLET}`] });
      const synced = await sync();
      if (synced.kind !== 'synced') throw new Error(synced.kind);
      expect(synced.change.removed.map((b) => b.value)).to.deep.equal([SHOP_WALLET]);
      const today = new Date().toISOString().slice(0, 10);
      const changed = await pay({ domain: 'shop.example.com', pay_to: NEW_WALLET, amount_usd: 20 });
      expect(changed.agent_guidance.action).to.equal('FLAG');
      expect(changed.agent_guidance.reason).to.contain(today).and.contain('less than 7 days');
      expect((await pay({ domain: 'shop.example.com', pay_to: SHOP_WALLET })).counterparty.status).to.equal('unbound');
      // The verdict page lists what is bound now, the new destination marked as new, the old one gone.
      const page = await (await t.get('/domains/shop.example.com', { headers: { accept: 'text/html' } })).text();
      expect(page).to.contain('Payment destinations and keys').and.contain(NEW_WALLET).and.contain('new: less than a week').and.not.contain(SHOP_WALLET);
      await age(8);
      expect((await pay({ domain: 'shop.example.com', pay_to: NEW_WALLET, amount_usd: 20 })).agent_guidance.action).to.equal('PROCEED');
    });

    it('answers GET /verify?pay_to= and GET /lookup?pay_to= from the same bindings, and flags a destination bound to two entities in both', async () => {
      const verify = (await (await t.get(`/verify/shop.example.com?pay_to=${encodeURIComponent(NEW_WALLET)}`)).json()) as Json;
      expect(verify.data.trust_score).to.be.a('number');
      expect(verify.data.counterparty.pay_to).to.include({ status: 'bound', how: 'declared' });
      // The signed verdict carries what is bound now.
      const jws = await (await t.get('/verify/shop.example.com?format=jws&signals=true')).text();
      const claims = JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')) as Json;
      expect(claims.counterparty.map((c: Json) => [c.kind, c.value, c.how])).to.deep.equal([['pay_to', NEW_WALLET, 'declared']]);
      const lookup = (await (await t.get(`/lookup?pay_to=${encodeURIComponent(NEW_WALLET)}`)).json()) as Json;
      expect(lookup.data).to.deep.include({ kind: 'pay_to', value: NEW_WALLET, flagged: false });
      expect(lookup.data.bound_to.map((b: Json) => b.domain)).to.deep.equal(['shop.example.com']);
      const bad = await t.get(`/lookup?pay_to=${encodeURIComponent(NEW_WALLET.replace('fB69', 'fb69'))}`);
      expect(bad.status).to.equal(400);
      expect(((await bad.json()) as Json).error.message).to.contain('EIP-55');

      dns.set('_vetted-counterparty.other.example.org', { TXT: [`vetted-pay-to=${NEW_WALLET}`] });
      await t.service.container.get(SyncCounterparty).run(otherId);
      const both = (await (await t.get(`/lookup?pay_to=${encodeURIComponent(NEW_WALLET)}`)).json()) as Json;
      expect([both.data.flagged, both.data.bound_to.map((b: Json) => b.domain)]).to.deep.equal([true, ['shop.example.com', 'other.example.org']]);
      for (const domain of ['shop.example.com', 'other.example.org']) {
        const answer = await pay({ domain, pay_to: NEW_WALLET, amount_usd: 20 });
        expect(answer.agent_guidance.action, domain).to.equal('FLAG');
        expect(answer.counterparty.also_bound_to, domain).to.have.length(1);
      }
      dns.remove('_vetted-counterparty.other.example.org');
      await t.service.container.get(SyncCounterparty).run(otherId);
    });

    it('leaves the bindings alone when the declaration cannot be read, and blocks a blocked domain', async () => {
      // The resolver answers nothing at all now: not knowing is no reason to unbind.
      await dns.close();
      dnsClosed = true;
      expect((await sync()).kind).to.equal('unreadable');
      expect((await pay({ domain: 'shop.example.com', pay_to: NEW_WALLET })).counterparty.status).to.equal('bound');
      const blocked = await pay({ domain: 'evil-shop.com', pay_to: NEW_WALLET });
      expect(blocked.agent_guidance.action).to.equal('BLOCK');
    });

    it('puts every binding and unbinding in the transparency log, with an inclusion proof that verifies', async () => {
      await t.service.container.get(SequenceLog).runOnce();
      const checkpoint = parseCheckpoint(`${(await (await t.get('/log/checkpoint')).text()).split('\n\n')[0]}\n`);
      if ('error' in checkpoint) throw new Error(checkpoint.error);
      const entries = splitBundle(new Uint8Array(await (await t.get(`/log/tile/entries/000.p/${checkpoint.size}`)).arrayBuffer()));
      const events = entries.map((entry) => JSON.parse(new TextDecoder().decode(entry)) as { type: string; domain: string; data: Json });
      const bindings = events.filter((e) => e.type.startsWith('counterparty.')).map((e) => [e.type, e.data.value]);
      expect(bindings).to.deep.equal([
        ['counterparty.bound', SHOP_WALLET],
        ['counterparty.unbound', SHOP_WALLET],
        ['counterparty.bound', NEW_WALLET],
        ['counterparty.bound', NEW_WALLET],
        ['counterparty.unbound', NEW_WALLET],
      ]);
      const index = events.findIndex((e) => e.type === 'counterparty.bound' && e.data.value === NEW_WALLET);
      const proof = (await (await t.get(`/log/proof?leaf=${index}&size=${checkpoint.size}`)).json()) as Json;
      const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
      expect(verifyInclusion(sha256, index, checkpoint.size, leafHash(sha256, entries[index]!), proof.data.inclusion_path.map(b64), checkpoint.root)).to.equal(
        true,
      );
      // The auditor (vetted log verify) reads the binding leaves as any other and finds the log whole.
      const audit = await runCli(['log', 'verify', '--url', t.url, '--origin', checkpoint.origin], { DATABASE_URL: t.database.url });
      expect(audit.code, audit.stderr).to.equal(0);
    });

    it('refuses a mistyped EIP-55 checksum and a question without a destination, in words', async () => {
      const typo = (await client.callTool({
        name: 'check_payment',
        arguments: { domain: 'shop.example.com', pay_to: SHOP_WALLET.replace('aAeb', 'aaeb') },
      })) as Json;
      expect(typo.isError).to.equal(true);
      expect(JSON.stringify(typo.content)).to.contain('EIP-55');
      const neither = (await client.callTool({ name: 'check_payment', arguments: { domain: 'shop.example.com' } })) as Json;
      expect(neither.isError).to.equal(true);
      expect(JSON.stringify(neither.content)).to.contain('pay_to');
    });
  });
}
