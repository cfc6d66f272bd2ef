import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { expect } from 'chai';
import type { ReportSignature } from '../../../src/application/ports/report-signer.js';
import { Ed25519ReportSigner } from '../../../src/adapters/signing/ed25519-report-signer.js';
import { verifyReportSignature } from '../../../src/adapters/signing/verify-report-signature.js';
import { InMemorySigningKeyStore } from '../../fakes/in-memory-signing-key-store.js';

const REPORT = {
  domain: 'shop.example',
  scannedAt: '2026-09-01T12:00:00.000Z',
  score: 72,
  checks: [
    { id: 'tls', passed: true, detail: { issuer: 'Test CA', days: 61 } },
    { id: 'security-txt', passed: false },
  ],
  note: 'Zürich €',
};

// RFC 8785 section 3.2.2: the input, and its canonical form from section 3.2.3.
const RFC8785_INPUT = {
  // biome-ignore lint/correctness/noPrecisionLoss: the RFC 8785 test vector, written as the RFC writes it
  numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 0.000000000000000000000000001],
  string: '€$\u000f\nA\'B"\\\\"/',
  literals: [null, true, false],
};
// SHA-256 of this text's UTF-8 bytes, computed outside Node:
// {"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}
const RFC8785_SHA256 = '2d5e01a318d0f0879ab568c4be289c8b1f64ef8921a53c6277d5e069978baacb';

// RFC 8037 appendix A: an Ed25519 private key (d is the seed), its public x and its RFC 7638 thumbprint.
const RFC8037_SEED = 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A';
const RFC8037_X = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
const RFC8037_KID = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';

function aKey(): { pem: string; seed: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    seed: String(privateKey.export({ format: 'jwk' }).d),
  };
}

function signerWith(configuredKey?: string, store = new InMemorySigningKeyStore()): Ed25519ReportSigner {
  return new Ed25519ReportSigner(store, { configuredKey });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

async function kidOf(signer: Ed25519ReportSigner): Promise<string> {
  return (await signer.sign({})).keyId;
}

describe('Ed25519ReportSigner', () => {
  it('signs content so that it verifies against the published JWKS', async () => {
    const signer = signerWith();
    const signature = await signer.sign(REPORT);
    const jwks = await signer.publicJwks();
    const [jwk] = jwks.keys as Record<string, unknown>[];
    expect(jwks.keys).to.have.length(1);
    expect(Object.keys(jwk!)).to.deep.equal(['kty', 'crv', 'x', 'kid', 'use', 'alg']);
    expect(jwk).to.include({ kty: 'OKP', crv: 'Ed25519', use: 'sig', alg: 'EdDSA', kid: signature.keyId });
    expect(jwk!.x).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(signature.algorithm).to.equal('Ed25519');
    expect(signature.contentSha256).to.match(/^[0-9a-f]{64}$/);
    expect(signature.value).to.match(/^[A-Za-z0-9_-]{86}$/);
    expect(verifyReportSignature(REPORT, signature, jwks)).to.equal(true);
  });

  it('signs the SHA-256 of the RFC 8785 canonical form: checked on the RFC example with node:crypto alone', async () => {
    const signer = signerWith();
    const signature = await signer.sign(RFC8785_INPUT);
    expect(signature.contentSha256).to.equal(RFC8785_SHA256);
    const [jwk] = (await signer.publicJwks()).keys as { x: string }[];
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk!.x }, format: 'jwk' });
    const value = Buffer.from(signature.value, 'base64url');
    expect(verify(null, Buffer.from(RFC8785_SHA256, 'hex'), publicKey, value)).to.equal(true);
  });

  it('gives the same signature for the same content with its keys in another order', async () => {
    const signer = signerWith();
    const reordered = {
      note: REPORT.note,
      checks: [
        { passed: true, detail: { days: 61, issuer: 'Test CA' }, id: 'tls' },
        { passed: false, id: 'security-txt' },
      ],
      score: 72,
      scannedAt: REPORT.scannedAt,
      domain: REPORT.domain,
    };
    const signature = await signer.sign(REPORT);
    expect(await signer.sign(reordered)).to.deep.equal(signature);
    expect(verifyReportSignature(reordered, signature, await signer.publicJwks())).to.equal(true);
  });

  it('does not verify content with any field changed, added, removed or reordered in an array', async () => {
    const signer = signerWith();
    const signature = await signer.sign(REPORT);
    const jwks = await signer.publicJwks();
    const [tls, securityTxt] = REPORT.checks;
    const tampered: Record<string, unknown> = {
      'another domain': { ...REPORT, domain: 'shop.example.net' },
      'another date': { ...REPORT, scannedAt: '2026-09-02T12:00:00.000Z' },
      'another score': { ...REPORT, score: 73 },
      'a score as text': { ...REPORT, score: '72' },
      'a nested change': { ...REPORT, checks: [{ ...tls, detail: { issuer: 'Test CA', days: 62 } }, securityTxt] },
      'a flipped boolean': { ...REPORT, checks: [tls, { ...securityTxt, passed: true }] },
      'checks reordered': { ...REPORT, checks: [securityTxt, tls] },
      'an added field': { ...REPORT, extra: null },
      'a removed field': { domain: REPORT.domain, scannedAt: REPORT.scannedAt, score: 72, checks: REPORT.checks },
      'another normalization of the note': { ...REPORT, note: 'Zu\u0308rich €' },
    };
    for (const [what, content] of Object.entries(tampered)) {
      expect(verifyReportSignature(content, signature, jwks), what).to.equal(false);
    }
  });

  it('does not verify a signature whose parts were changed', async () => {
    const signer = signerWith();
    const signature = await signer.sign(REPORT);
    const jwks = await signer.publicJwks();
    const other = await signer.sign({ ...REPORT, score: 10 });
    const flipped = signature.value.startsWith('A') ? `B${signature.value.slice(1)}` : `A${signature.value.slice(1)}`;
    const changed: Record<string, ReportSignature> = {
      'another content hash': { ...signature, contentSha256: other.contentSha256 },
      'another value': { ...signature, value: other.value },
      'a flipped character': { ...signature, value: flipped },
      'a stray character': { ...signature, value: `${signature.value}!` },
      'an unknown key id': { ...signature, keyId: RFC8037_KID },
      'another algorithm': { ...signature, algorithm: 'RS256' as 'Ed25519' },
    };
    for (const [what, s] of Object.entries(changed)) {
      expect(verifyReportSignature(REPORT, s, jwks), what).to.equal(false);
    }
    const [jwk] = jwks.keys as Record<string, unknown>[];
    expect(verifyReportSignature(REPORT, signature, { keys: [{ ...jwk, x: RFC8037_X }] }), 'a key swapped under the kid').to.equal(false);
    expect(verifyReportSignature(REPORT, signature, { keys: [] }), 'an empty JWKS').to.equal(false);
  });

  it('tells signatures made with another key apart, and picks the right key from a JWKS by kid', async () => {
    const a = signerWith();
    const b = signerWith();
    const byA = await a.sign(REPORT);
    const byB = await b.sign(REPORT);
    const jwksA = await a.publicJwks();
    const jwksB = await b.publicJwks();
    expect(byB.keyId).to.not.equal(byA.keyId);
    expect(byB.contentSha256).to.equal(byA.contentSha256);
    expect(verifyReportSignature(REPORT, byB, jwksA)).to.equal(false);
    expect(verifyReportSignature(REPORT, { ...byB, keyId: byA.keyId }, jwksA)).to.equal(false);
    expect(verifyReportSignature(REPORT, byB, jwksB)).to.equal(true);
    const both = { keys: [...jwksA.keys, ...jwksB.keys] };
    expect(verifyReportSignature(REPORT, byA, both)).to.equal(true);
    expect(verifyReportSignature(REPORT, byB, both)).to.equal(true);
  });

  describe('its key', () => {
    it('takes a configured base64url seed: the RFC 8037 key gives the RFC public key and thumbprint', async () => {
      const jwks = await signerWith(RFC8037_SEED).publicJwks();
      expect(jwks).to.deep.equal({
        keys: [{ kty: 'OKP', crv: 'Ed25519', x: RFC8037_X, kid: RFC8037_KID, use: 'sig', alg: 'EdDSA' }],
      });
    });

    it('gives the same kid for a configured PEM and for the seed of the same key', async () => {
      const key = aKey();
      const fromPem = signerWith(key.pem);
      const fromSeed = signerWith(key.seed);
      const fromOther = signerWith(aKey().seed);
      expect(await kidOf(fromPem)).to.equal(await kidOf(fromSeed));
      expect(await kidOf(fromOther)).to.not.equal(await kidOf(fromPem));
      const signature = await fromPem.sign(REPORT);
      expect(verifyReportSignature(REPORT, signature, await fromSeed.publicJwks())).to.equal(true);
    });

    it('uses a configured key rather than the stored one, and leaves the store alone', async () => {
      const configured = aKey();
      const store = new InMemorySigningKeyStore(aKey().pem);
      const kid = await kidOf(signerWith(configured.seed, store));
      expect(kid).to.equal(await kidOf(signerWith(configured.pem)));
      expect(await kidOf(signerWith(undefined, new InMemorySigningKeyStore(store.pem)))).to.not.equal(kid);
      expect({ loads: store.loads, saves: store.saves }).to.deep.equal({ loads: 0, saves: 0 });
    });

    it('rejects an invalid configured key with an error naming REPORT_SIGNING_KEY that does not echo it', async () => {
      const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      const edPublic = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
      const invalid: Record<string, string> = {
        'an empty value': '',
        'some text': 'secret-but-not-a-key',
        'a 31-byte seed': Buffer.alloc(31, 7).toString('base64url'),
        'a seed in standard base64': `${Buffer.alloc(32, 0xfb).toString('base64')}`,
        'an RSA private key': rsa,
        'an Ed25519 public key': edPublic,
        'a truncated PEM': aKey().pem.slice(0, 60),
      };
      for (const [what, configuredKey] of Object.entries(invalid)) {
        const store = new InMemorySigningKeyStore();
        const error = await rejectionOf(signerWith(configuredKey, store).sign(REPORT));
        expect(error, what).to.be.instanceOf(Error);
        expect((error as Error).message, what).to.match(/^REPORT_SIGNING_KEY must be a PKCS#8 PEM Ed25519 private key or a base64url 32-byte Ed25519 seed/);
        if (configuredKey.length > 0) expect((error as Error).message, what).to.not.include(configuredKey);
        expect(store.loads + store.saves, what).to.equal(0);
      }
    });

    it('is generated once and stored, even when the first calls come at the same time', async () => {
      const store = new InMemorySigningKeyStore();
      const signer = signerWith(undefined, store);
      const results = await Promise.all([signer.sign(REPORT), signer.publicJwks(), signer.sign({}), signer.sign(REPORT)]);
      expect({ loads: store.loads, saves: store.saves }).to.deep.equal({ loads: 1, saves: 1 });
      const kids = [results[0].keyId, (results[1].keys[0] as { kid: string }).kid, results[2].keyId, results[3].keyId];
      expect(new Set(kids).size).to.equal(1);
      expect(store.pem).to.match(/^-----BEGIN PRIVATE KEY-----\n/);
      expect(await kidOf(signerWith(store.pem))).to.equal(kids[0]);
      await signer.sign(REPORT);
      expect({ loads: store.loads, saves: store.saves }).to.deep.equal({ loads: 1, saves: 1 });
    });

    it('is the stored key for a second instance over the same store', async () => {
      const store = new InMemorySigningKeyStore();
      const first = signerWith(undefined, store);
      const signature = await first.sign(REPORT);
      const second = signerWith(undefined, store);
      expect(await second.sign(REPORT)).to.deep.equal(signature);
      expect(await second.publicJwks()).to.deep.equal(await first.publicJwks());
      expect(store.saves).to.equal(1);
    });

    it('uses the key the store settled on when another instance stored one first', async () => {
      const winner = aKey();
      const store = new InMemorySigningKeyStore();
      // Another instance stores its key between this instance's load and its save.
      store.load = async () => {
        store.loads += 1;
        await store.saveIfAbsent(winner.pem);
        return undefined;
      };
      expect(await kidOf(signerWith(undefined, store))).to.equal(await kidOf(signerWith(winner.seed)));
      expect(store.pem).to.equal(winner.pem);
    });

    it('tries the store again on the next call when loading the key failed', async () => {
      const store = new InMemorySigningKeyStore(aKey().pem);
      store.failNextLoad = new Error('database unavailable');
      const signer = signerWith(undefined, store);
      const error = await rejectionOf(signer.sign(REPORT));
      expect((error as Error).message).to.equal('database unavailable');
      const signature = await signer.sign(REPORT);
      expect(verifyReportSignature(REPORT, signature, await signer.publicJwks())).to.equal(true);
      expect(store.loads).to.equal(2);
    });
  });
});
