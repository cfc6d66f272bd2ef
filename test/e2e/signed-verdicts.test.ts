import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { main } from '../../src/cli.js';
import { aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { MIN_SIGNED_VERDICT_SECONDS } from '../../src/domain/signed-verdict.js';

const BASE_URL = 'https://vetted.example.org';

// Signed answers are checked with jose, an implementation independent of Vetted's signer.
describe('signed verdicts: verify answers an agent can keep and check offline', () => {
  let t: TestService;
  let jwks: JSONWebKeySet;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-jws-'));
    t = await startTestService(databaseKinds()[0]!, { BASE_URL });
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
    jwks = (await (await t.get('/.well-known/jwks.json')).json()) as JSONWebKeySet;
    await t.propagated();
  });
  after(async () => {
    await t?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (jws: string, at = new Date()) => jwtVerify(jws, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], currentDate: at, issuer: BASE_URL });

  it('answers Accept: application/jose and ?format=jws with a JWS of the same data, iat and exp at the cache lifetime', async () => {
    const json = (await (await t.get('/verify/example.com')).json()) as { data: Record<string, unknown> };
    for (const [path, init] of [
      ['/verify/example.com', { headers: { accept: 'application/jose' } }],
      ['/verify/example.com?format=jws', {}],
    ] as const) {
      const res = await t.get(path, init);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/jose');
      expect(res.headers.get('cache-control')).to.equal('public, max-age=3600, s-maxage=3240, stale-while-revalidate=360');
      expect(res.headers.get('surrogate-key')).to.equal('example.com');
      expect(res.headers.get('vary')).to.contain('Accept');
      const jws = await res.text();
      expect(decodeProtectedHeader(jws)).to.deep.equal({ alg: 'EdDSA', typ: 'JWT', kid: (jwks.keys[0] as { kid: string }).kid });
      const { payload } = await check(jws);
      const { iss, sub, iat, exp, ...data } = payload;
      expect(data).to.deep.equal(json.data);
      expect({ iss, sub }).to.deep.equal({ iss: BASE_URL, sub: 'example.com' });
      expect(exp! - iat!).to.equal(3600);
      expect(Math.abs(iat! - Date.now() / 1000)).to.be.below(10);
    }
    // The JSON answer, repeated from memory, stays JSON for JSON clients and says it varies.
    const again = await t.get('/verify/example.com');
    expect(again.headers.get('content-type')).to.match(/^application\/json/);
    expect(again.headers.get('vary')).to.contain('Accept');
  });

  it('signs the trust answer too, and fails after tampering or expiry', async () => {
    const jws = await (await t.get('/verify/unknown-shop.com?signals=true&format=jws')).text();
    const { payload } = await check(jws);
    expect(payload).to.include({ sub: 'unknown-shop.com', verified: false });
    expect(payload).to.have.property('trust_score');
    // Nothing was observed of the name yet: its first look is queued, so the answer lives as long as
    // the look should take, never less than a signed verdict's floor.
    expect(payload.evidence).to.deep.include({ complete: false });
    expect(payload.exp! - payload.iat!).to.equal(
      Math.max(MIN_SIGNED_VERDICT_SECONDS, (payload.evidence as { retry_after_seconds: number }).retry_after_seconds),
    );
    const [header, body, signature] = jws.split('.');
    const altered = Buffer.from(JSON.stringify({ ...payload, verified: true }), 'utf8').toString('base64url');
    await expectRejected(check(`${header}.${altered}.${signature}`), 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    await expectRejected(check(`${header}.${body}.${signature}`, new Date((payload.exp! + 1) * 1000)), 'ERR_JWT_EXPIRED');
  });

  it('refuses a bad format with the envelope', async () => {
    const res = await t.get('/verify/example.com?format=xml');
    expect(res.status).to.equal(400);
    expect(((await res.json()) as any).error.code).to.equal('VALIDATION_ERROR');
  });

  it('gives the MCP tools verify_domain and check_trust a jws beside the answer with format "jws"', async () => {
    const client = new Client({ name: 'vetted-jws', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    try {
      for (const [name, args] of [
        ['verify_domain', { domain: 'example.com', format: 'jws' }],
        ['check_trust', { domain: 'example.com', format: 'jws' }],
      ] as const) {
        const result = (await client.callTool({ name, arguments: args })) as { structuredContent: Record<string, unknown> };
        const { jws, ...answer } = result.structuredContent;
        const { payload } = await check(jws as string);
        const { iss, sub, iat, exp, ...data } = payload;
        expect(data, name).to.deep.equal(answer);
        expect(answer.verified, name).to.equal(true);
      }
    } finally {
      await client.close();
    }
  });

  it('checks a kept answer offline from the CLI: valid, altered, and bad input', async () => {
    const jws = await (await t.get('/verify/example.com?format=jws')).text();
    const jwksFile = join(dir, 'jwks.json');
    writeFileSync(jwksFile, JSON.stringify(jwks));
    const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
    const env = { DATABASE_URL: t.database.url, BASE_URL };
    const valid = await cli(['verify-signature', file('answer.jws', `${jws}\n`), '--jwks', jwksFile], env);
    expect(valid.code).to.equal(0);
    expect(valid.stdout).to.match(/^valid: example\.com \(verified true\) signed by https:\/\/vetted\.example\.org with key \S+ at \S+, valid until \S+\n$/);
    // Without --jwks, this deployment's own key.
    expect((await cli(['verify-signature', join(dir, 'answer.jws'), '--json'], env)).code).to.equal(0);
    const [header, , signature] = jws.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'example.com', verified: true, exp: 4102444800 })).toString('base64url')}.${signature}`;
    expect(await cli(['verify-signature', file('forged.jws', forged), '--jwks', jwksFile], env)).to.deep.include({
      code: 1,
      stderr: 'vetted: invalid: the signature does not match: the answer was altered or signed with another key\n',
    });
    expect((await cli(['verify-signature', file('junk.jws', '  '), '--jwks', jwksFile], env)).code).to.equal(2);
    expect((await cli(['verify-signature', join(dir, 'missing.jws')], env)).code).to.equal(2);
    expect((await cli(['verify-signature', join(dir, 'answer.jws'), '--jwks', file('bad.json', '{"nokeys":1}')], env)).code).to.equal(2);
  });
});

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { LOG_LEVEL: 'warn', ...env }, { out: (l) => (stdout += `${l}\n`), err: (l) => (stderr += `${l}\n`) });
  return { code, stdout, stderr };
}

async function expectRejected(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect((error as { code?: string }).code).to.equal(code);
    return;
  }
  expect.fail(`expected ${code}`);
}
