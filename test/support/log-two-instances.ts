import { createHash, createPublicKey, verify } from 'node:crypto';
import { expect } from 'chai';
import knex from 'knex';
import { parseCheckpoint, type Checkpoint } from '../../src/domain/log/checkpoint.js';
import { verifyConsistency } from '../../src/domain/log/merkle.js';
import { noteKeyId, verifySignedNote } from '../../src/domain/log/signed-note.js';
import { runCli } from './cli-run.js';
import type { InstanceProcess } from './instance-process.js';

const ORIGIN = 'vetted.example.org/log';
const WRITES_EACH = 150;
const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const ed25519 = (key: Uint8Array, message: Uint8Array, signature: Uint8Array) =>
  verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') }, format: 'jwk' }), signature);

/**
 * Two real processes (BASE_URL https://vetted.example.org) sequence one log while two writers write
 * to their shared database: every write lands once, and every checkpoint either instance signed
 * verifies and is consistent with every other; the auditor passes on the second instance.
 */
export async function logFromTwoInstances(instances: readonly InstanceProcess[], databaseUrl: string): Promise<void> {
  const shared = { url: databaseUrl };
  const jwks = (await (await fetch(`${instances[0]!.url}/.well-known/jwks.json`)).json()) as { keys: Array<{ x: string }> };
  const publicKey = new Uint8Array(Buffer.from(jwks.keys[0]!.x, 'base64url'));
  const key = { name: ORIGIN, keyId: noteKeyId(sha256, ORIGIN, publicKey), publicKey };
  const seen: Checkpoint[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      for (const instance of instances) {
        const answer = await fetch(`${instance.url}/log/checkpoint`);
        if (answer.status !== 200) continue;
        const checked = verifySignedNote(await answer.text(), key, ed25519);
        expect(checked.ok, `a checkpoint of ${instance.url} does not verify`).to.equal(true);
        const checkpoint = parseCheckpoint(checked.ok ? checked.text : '');
        if (!('error' in checkpoint)) seen.push(checkpoint);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const writers = [0, 1].map(async (w) => {
    const db = knex({
      client: shared.url.startsWith('sqlite:') ? 'sqlite3' : 'pg',
      connection: shared.url.startsWith('sqlite:') ? { filename: shared.url.slice('sqlite:'.length) } : shared.url,
      useNullAsDefault: true,
      pool: { min: 0, max: 1 },
    });
    try {
      for (let i = 0; i < WRITES_EACH; i++) {
        await db('blocked_domains').insert({ domain: `w${w}-${i}.example.org`, reason: 'test', blocked_at: new Date().toISOString() });
        // Spread over about a second and a half, so that several sequencer passes see the log grow.
        if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await db.destroy();
    }
  });
  await Promise.all(writers);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !seen.some((c) => c.size === 2 * WRITES_EACH)) await new Promise((resolve) => setTimeout(resolve, 100));
  watching = false;
  await watch;
  expect(Math.max(...seen.map((c) => c.size))).to.equal(2 * WRITES_EACH);

  const bySize = new Map<number, Checkpoint>();
  for (const c of seen) {
    const other = bySize.get(c.size);
    if (other) expect(Buffer.from(other.root).equals(Buffer.from(c.root)), `two roots for size ${c.size}`).to.equal(true);
    bySize.set(c.size, c);
  }
  const sizes = [...bySize.keys()].filter((size) => size > 0).sort((a, b) => a - b);
  expect(sizes.length, 'checkpoints were signed as the log grew').to.be.greaterThan(1);
  for (let i = 1; i < sizes.length; i++) {
    const [from, to] = [sizes[i - 1]!, sizes[i]!];
    const proof = (await (await fetch(`${instances[i % 2]!.url}/log/consistency?from=${from}&to=${to}`)).json()) as { data: { consistency_path: string[] } };
    const path = proof.data.consistency_path.map((h) => new Uint8Array(Buffer.from(h, 'base64')));
    expect(verifyConsistency(sha256, from, to, bySize.get(from)!.root, bySize.get(to)!.root, path), `${from} → ${to}`).to.equal(true);
  }
  const audit = await runCli(['log', 'verify', '--url', instances[1]!.url, '--origin', ORIGIN, '--json'], { DATABASE_URL: shared.url });
  expect(audit.code, audit.stderr).to.equal(0);
  expect(JSON.parse(audit.stdout)).to.deep.include({ ok: true, size: 2 * WRITES_EACH });
}
