import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { SequenceLog } from '../../src/application/log/sequence-log.js';
import { TransparencyLog as TransparencyLogPort } from '../../src/application/ports/transparency-log.js';
import { parseCheckpoint } from '../../src/domain/log/checkpoint.js';
import { leafHash, verifyConsistency, verifyInclusion } from '../../src/domain/log/merkle.js';
import { noteKeyId, verifySignedNote } from '../../src/domain/log/signed-note.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { runCli } from '../support/cli-run.js';
import { splitBundle } from '../support/log-bundle.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// Checked with node:crypto directly, not through the service's own adapters.
const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const ed25519 = (key: Uint8Array, message: Uint8Array, signature: Uint8Array) =>
  verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') }, format: 'jwk' }), signature);
const BASE = 'https://vetted.example.org';
const ORIGIN = 'vetted.example.org/log';

for (const kind of databaseKinds()) {
  describe(`the transparency log (${kind.name})`, function () {
    this.timeout(120_000);
    let t: TestService;
    let dir: string;
    let publicKey: Uint8Array;

    before(async () => {
      t = await startTestService(kind, { BASE_URL: BASE, LOG_LEVEL: 'warn' });
      dir = mkdtempSync(join(tmpdir(), 'vetted-log-'));
      const jwks = (await (await t.get('/.well-known/jwks.json')).json()) as { keys: Array<{ x: string }> };
      publicKey = new Uint8Array(Buffer.from(jwks.keys[0]!.x, 'base64url'));
    });
    after(async () => {
      await t?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const sequenced = () => t.service.container.get(SequenceLog).runOnce();
    const checkpointNow = async () => {
      const note = await (await t.get('/log/checkpoint')).text();
      const checked = verifySignedNote(note, { name: ORIGIN, keyId: noteKeyId(sha256, ORIGIN, publicKey), publicKey }, ed25519);
      expect(checked.ok, note).to.equal(true);
      const checkpoint = parseCheckpoint(checked.ok ? checked.text : '');
      if ('error' in checkpoint) throw new Error(checkpoint.error);
      return { note, ...checkpoint };
    };

    it('logs each verdict-changing write once, as RFC 8785 events, and signs a C2SP checkpoint of the tree with the published key', async () => {
      const entities = new KnexEntityRepository(t.database.db);
      const blocks = new KnexBlocklist(t.database.db);
      const acme = await entities.create(aNewEntity({ name: 'Acme', domain: 'acme.example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await blocks.add([aBlock('evil.example.net')]);
      await entities.setStatus(acme.id, 'revoked');
      await sequenced();
      const checkpoint = await checkpointNow();
      expect(checkpoint.origin).to.equal(ORIGIN);
      expect(checkpoint.size).to.equal(3);
      const bundle = new Uint8Array(await (await t.get('/log/tile/entries/000.p/3')).arrayBuffer());
      const events = splitBundle(bundle).map((entry) => JSON.parse(new TextDecoder().decode(entry)) as { type: string; domain: string });
      expect(events.map((e) => [e.type, e.domain])).to.deep.equal([
        ['entity.verified', 'acme.example.com'],
        ['domain.blocked', 'evil.example.net'],
        ['entity.revoked', 'acme.example.com'],
      ]);
      expect(JSON.stringify(events)).to.not.match(/@|token|secret/i);
      const tile = await t.get('/log/tile/0/000.p/3');
      expect(tile.headers.get('cache-control')).to.equal('public, max-age=10');
      expect((await tile.arrayBuffer()).byteLength).to.equal(96);
      expect((await t.get('/log/tile/0/000.p/4')).status, 'beyond the signed tree').to.equal(404);
      expect((await t.get('/log/tile/0/x')).status).to.equal(404);
      await sequenced();
      expect((await checkpointNow()).size, 'nothing appended twice').to.equal(3);
    });

    it('answers RFC 9162 inclusion and consistency proofs that verify against the checkpoints', async () => {
      const first = await checkpointNow();
      for (let i = 0; i < 300; i++) await new KnexBlocklist(t.database.db).add([aBlock(`b${i}.example.org`)]);
      await sequenced();
      const second = await checkpointNow();
      expect(second.size).to.equal(first.size + 300);
      const consistency = (await (await t.get(`/log/consistency?from=${first.size}&to=${second.size}`)).json()) as any;
      expect(verifyConsistency(sha256, first.size, second.size, first.root, second.root, consistency.data.consistency_path.map(b64))).to.equal(true);
      const full = await t.get('/log/tile/entries/000');
      expect(full.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      const entries = splitBundle(new Uint8Array(await full.arrayBuffer()));
      for (const index of [0, 5, 255]) {
        const proof = (await (await t.get(`/log/proof?leaf=${index}&size=${second.size}`)).json()) as any;
        expect(verifyInclusion(sha256, index, second.size, leafHash(sha256, entries[index]!), proof.data.inclusion_path.map(b64), second.root)).to.equal(true);
      }
      expect((await t.get(`/log/proof?leaf=5&size=${second.size + 1}`)).status).to.equal(400);
      expect((await t.get('/log/consistency?from=x&to=2')).status).to.equal(400);
    });

    it('puts the latest leaf about a domain, its proof and the checkpoint in a signed verdict, which verify-signature checks', async () => {
      await new KnexBlocklist(t.database.db).add([aBlock('blocked.example.com')]);
      await sequenced();
      const jws = await (await t.get('/verify/shop.blocked.example.com', { headers: { accept: 'application/jose' } })).text();
      const claims = decodeJwt(jws) as any;
      expect(JSON.parse(claims.log.leaf)).to.deep.include({ type: 'domain.blocked', domain: 'blocked.example.com' });
      const checkpoint = parseCheckpoint(`${claims.log.checkpoint.split('\n\n')[0]}\n`);
      if ('error' in checkpoint) throw new Error(checkpoint.error);
      expect(
        verifyInclusion(
          sha256,
          claims.log.leaf_index,
          claims.log.tree_size,
          leafHash(sha256, new TextEncoder().encode(claims.log.leaf)),
          claims.log.inclusion_path.map(b64),
          checkpoint.root,
        ),
      ).to.equal(true);
      const jwksFile = join(dir, 'jwks.json');
      writeFileSync(jwksFile, await (await t.get('/.well-known/jwks.json')).text());
      writeFileSync(join(dir, 'verdict.jws'), jws);
      writeFileSync(join(dir, 'checkpoint'), claims.log.checkpoint);
      const env = { DATABASE_URL: t.database.url };
      const valid = await runCli(['verify-signature', join(dir, 'verdict.jws'), '--jwks', jwksFile, '--checkpoint', join(dir, 'checkpoint')], env);
      expect(valid.code, valid.stderr).to.equal(0);
      expect(valid.stdout).to.match(new RegExp(`log entry ${claims.log.leaf_index} included in the checkpoint of ${claims.log.tree_size} entries`));
      writeFileSync(
        join(dir, 'other'),
        (await checkpointNow()).note.replace(/^(.*\n)(\d+)/, (_, o, n) => `${o}${Number(n) + 1}`),
      );
      const forged = await runCli(['verify-signature', join(dir, 'verdict.jws'), '--jwks', jwksFile, '--checkpoint', join(dir, 'other')], env);
      expect(forged.code).to.equal(1);
      expect(forged.stderr).to.match(/no valid signature/);
    });

    it('appends an expiry once, when the sequencer first sees it passed', async () => {
      const before = (await checkpointNow()).size;
      const expiresAt = new Date(Date.now() - 1000).toISOString();
      await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Lapsed', domain: 'lapsed.example.com', expiresAt }));
      await sequenced();
      await sequenced();
      const size = (await checkpointNow()).size;
      expect(size - before).to.equal(2);
      const leaves = (await t.service.container.get<TransparencyLogPort>(TransparencyLogPort).entries(before, 2)).map(
        (leaf) => JSON.parse(new TextDecoder().decode(leaf.entry)) as { type: string; at: string; data: { status: string } },
      );
      expect(leaves.map((l) => l.type).sort()).to.deep.equal(['entity.expired', 'entity.verified']);
      expect(leaves.find((l) => l.type === 'entity.expired')).to.deep.include({ at: expiresAt });
    });

    it('refuses a checkpoint of another origin than the one the auditor expects', async () => {
      const run = await runCli(['log', 'verify', '--url', t.url], { DATABASE_URL: t.database.url });
      expect(run.code).to.equal(1);
      expect(run.stderr, 'the origin is the host of the URL audited unless --origin').to.match(/no valid signature by 127\.0\.0\.1:\d+\/log/);
      const right = await runCli(['log', 'verify', '--url', t.url, '--origin', ORIGIN], { DATABASE_URL: t.database.url });
      expect(right.code, right.stderr).to.equal(0);
    });
  });
}

function b64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}
