import { generateKeyPairSync } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aNewEntity } from '../support/builders.js';
import type { TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { startScanningService } from '../support/scanning-service.js';
import { createTestCa } from '../support/test-ca.js';
import type { TestService } from '../support/test-service.js';

type Json = any;

// Shaped as x402's own examples: a v1 JSON body (network by name) and a v2 PAYMENT-REQUIRED header
// (network as CAIP-2), github.com/coinbase/x402, specs/x402-specification.md. Addresses: EIP-55's vectors.
const V1_PAY_TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const V2_PAY_TO = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const V1_BODY = JSON.stringify({
  x402Version: 1,
  error: 'X-PAYMENT header is required',
  accepts: [
    {
      scheme: 'exact',
      network: 'base',
      maxAmountRequired: '10000',
      resource: 'https://v1-shop.example.com/',
      payTo: V1_PAY_TO,
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      maxTimeoutSeconds: 60,
    },
    {
      scheme: 'exact',
      network: 'some-new-chain',
      maxAmountRequired: '10000',
      resource: 'https://v1-shop.example.com/',
      payTo: '0xabc',
      asset: '0x1',
      maxTimeoutSeconds: 60,
    },
  ],
});
const V2_HEADER = Buffer.from(
  JSON.stringify({
    x402Version: 2,
    resource: { url: 'https://v2-shop.example.com/' },
    accepts: [
      {
        scheme: 'exact',
        network: 'eip155:8453',
        amount: '10000',
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        payTo: V2_PAY_TO,
        maxTimeoutSeconds: 60,
      },
    ],
  }),
).toString('base64');
// RFC 8037 Appendix A.2's Ed25519 public key, and its RFC 7638 thumbprint as Appendix A.3 gives it.
const RFC8037_JWK = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' };
const RFC8037_THUMBPRINT = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';
// An A2A agent card signed as the A2A specification describes (AgentCard.signatures: a JWS in JSON
// form), its protected header carrying the signing key.
const CARD_KEY = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
const CARD = JSON.stringify({
  name: 'Shop agent',
  url: 'https://v1-shop.example.com/a2a',
  version: '1.0.0',
  signatures: [
    { protected: Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JOSE', jwk: CARD_KEY })).toString('base64url'), signature: 'c2lnbmF0dXJl' },
    { protected: Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'only-a-kid' })).toString('base64url'), signature: 'c2lnbmF0dXJl' },
  ],
});
const HOSTS = ['v1-shop.example.com', 'v2-shop.example.com', 'stranger.example.com'];

describe('payment destinations observed in signed scan reports of a verified entity’s own site (x402 v1 body, v2 header)', function () {
  this.timeout(60_000);
  let t: TestService;
  let dns: TestDnsServer;
  let site: FixtureSite;
  let client: Client;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(HOSTS) });
    site.route('v1-shop.example.com/', { status: 402, headers: { 'content-type': 'application/json' }, body: V1_BODY });
    site.route('v2-shop.example.com/', { status: 402, headers: { 'payment-required': V2_HEADER }, body: '' });
    site.route('v2-shop.example.com/.well-known/http-message-signatures-directory', {
      headers: { 'content-type': 'application/http-message-signatures-directory+json' },
      body: JSON.stringify({ keys: [RFC8037_JWK, { kty: 'oct', k: 'c2VjcmV0' }] }),
    });
    site.route('v1-shop.example.com/.well-known/agent-card.json', { headers: { 'content-type': 'application/json' }, body: CARD });
    site.route('stranger.example.com/', { status: 402, headers: { 'payment-required': V2_HEADER }, body: '' });
    ({ t, dns } = await startScanningService(HOSTS, ca, site, { REFRESH_OBSERVATIONS: 'false', LOG_LEVEL: 'warn' }));
    const entities = new KnexEntityRepository(t.database.db);
    for (const domain of ['v1-shop.example.com', 'v2-shop.example.com'])
      await entities.create(aNewEntity({ name: `Shop ${domain}`, domain, expiresAt: '2099-01-01T00:00:00.000Z' }));
    await t.propagated();
    for (const domain of HOSTS) {
      const res = await t.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain }) });
      expect(res.status, `${domain}: ${await res.clone().text()}`).to.equal(201);
    }
    client = new Client({ name: 'paying-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
  });
  after(async () => {
    await client?.close();
    await t?.stop();
    await dns?.close();
    await site?.close();
  });

  const standing = async (domain: string, payTo: string): Promise<Json> =>
    ((await client.callTool({ name: 'check_payment', arguments: { domain, pay_to: payTo } })) as Json).structuredContent;

  it('binds the destination of a v1 body (network by name) and of a v2 header (CAIP-2) as observed, with the report as source', async () => {
    const v1 = await standing('v1-shop.example.com', `eip155:8453:${V1_PAY_TO}`);
    expect(v1.counterparty).to.include({ status: 'bound', how: 'observed' });
    expect(v1.counterparty.source).to.match(/^\/reports\/rpt_/);
    const v2 = await standing('v2-shop.example.com', `eip155:8453:${V2_PAY_TO}`);
    expect(v2.counterparty).to.include({ status: 'bound', how: 'observed' });
    // Still new: an observed destination waits its week like a declared one.
    expect(v2.agent_guidance.action).to.equal('FLAG');
  });

  it('binds the keys of the Web Bot Auth key directory by their RFC 7638 thumbprints, as observed, and no secret key', async () => {
    const key = ((await client.callTool({ name: 'check_payment', arguments: { domain: 'v2-shop.example.com', key: RFC8037_THUMBPRINT } })) as Json)
      .structuredContent;
    expect(key.counterparty).to.include({ status: 'bound', how: 'observed' });
    const keys = await t.database.db('counterparty_bindings').where({ domain: 'v2-shop.example.com', kind: 'key' });
    expect(keys.map((r: Json) => r.value)).to.deep.equal([RFC8037_THUMBPRINT]);
  });

  it('binds the key an A2A agent card’s signature names in its protected header, and none named only by kid', async () => {
    const keys = await t.database.db('counterparty_bindings').where({ domain: 'v1-shop.example.com', kind: 'key' });
    expect(keys.map((r: Json) => [r.value, r.how])).to.deep.equal([[await calculateJwkThumbprint(CARD_KEY as JWK), 'observed']]);
  });

  it('binds nothing for a site that is no verified entity’s, nor for a network it cannot name', async () => {
    const lookup = (await (await t.get(`/lookup?pay_to=${encodeURIComponent(`eip155:8453:${V2_PAY_TO}`)}`)).json()) as Json;
    expect(lookup.data.bound_to.map((b: Json) => b.domain)).to.deep.equal(['v2-shop.example.com']);
    expect(await t.database.db('counterparty_bindings').where({ domain: 'stranger.example.com' })).to.deep.equal([]);
    expect((await t.database.db('counterparty_bindings').where({ domain: 'v1-shop.example.com', kind: 'pay_to' })).map((r: Json) => r.value)).to.deep.equal([
      `eip155:8453:${V1_PAY_TO}`,
    ]);
  });
});
