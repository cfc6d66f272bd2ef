import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { SequenceLog } from '../../src/application/log/sequence-log.js';
import { aBlock } from '../support/builders.js';
import { runCli } from '../support/cli-run.js';
import { databaseKinds } from '../support/test-databases.js';
import { freePort, startTestService, type TestService } from '../support/test-service.js';

for (const kind of databaseKinds()) {
  describe(`vetted log verify (${kind.name})`, function () {
    this.timeout(120_000);
    let t: TestService;
    let dir: string;
    let env: Record<string, string>;

    before(async () => {
      const port = await freePort();
      t = await startTestService(kind, { PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' });
      dir = mkdtempSync(join(tmpdir(), 'vetted-audit-'));
      env = { DATABASE_URL: t.database.url };
    });
    after(async () => {
      await t?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const append = async (count: number, from: number) => {
      await new KnexBlocklist(t.database.db).add(Array.from({ length: count }, (_, i) => aBlock(`n${from + i}.example.org`)));
      await t.service.container.get(SequenceLog).runOnce();
    };

    it('passes across 1,000 appends, keeps the checkpoint it saw, and checks the next one is consistent with it', async () => {
      const state = join(dir, 'state.json');
      await append(1000, 0);
      const first = await runCli(['log', 'verify', '--url', t.url, '--state', state, '--json'], env);
      expect(first.code, first.stderr).to.equal(0);
      expect(JSON.parse(first.stdout)).to.deep.include({ ok: true, size: 1000, previous_size: 0, rehashed: 1000 });
      expect(JSON.parse(readFileSync(state, 'utf8'))).to.include({ size: 1000 });
      await append(37, 1000);
      const second = await runCli(['log', 'verify', '--url', t.url, '--state', state], env);
      expect(second.code, second.stderr).to.equal(0);
      expect(second.stdout, 'only the new entries are fetched and hashed').to.match(
        /holds 1037 entries, root \S+, consistent with the 1000 seen before; 37 entries re-hashed/,
      );
    });

    it('fails when the state holds another root for a size (a fork), and names a broken consistency proof', async () => {
      const state = join(dir, 'forked.json');
      const head = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { origin: string; size: number; root: string };
      writeFileSync(state, JSON.stringify({ origin: head.origin, size: head.size, root: Buffer.alloc(32, 7).toString('base64') }));
      const same = await runCli(['log', 'verify', '--url', t.url, '--state', state], env);
      expect(same).to.deep.include({ code: 1 });
      expect(same.stderr).to.match(/another root than before/);
      writeFileSync(state, JSON.stringify({ origin: head.origin, size: 900, root: Buffer.alloc(32, 7).toString('base64') }));
      const older = await runCli(['log', 'verify', '--url', t.url, '--state', state], env);
      expect(older.code).to.equal(1);
      expect(older.stderr).to.match(/not consistent with the one of 900 seen before/);
    });

    it('fails, naming the entry, when one stored leaf is altered in the database', async () => {
      await t.database
        .db('log_entries')
        .where({ idx: 17 })
        .update({ body: t.database.db.raw(`replace(body, 'n17.example.org', 'n71.example.org')`) });
      const run = await runCli(['log', 'verify', '--url', t.url], env);
      expect(run.code).to.equal(1);
      expect(run.stderr).to.match(/^vetted: discrepancy: entry 17 hashes to [0-9a-f]{16}…, but the log's hash tile says [0-9a-f]{16}…\n$/);
    });

    it('refuses a state file whose kept right edge does not make its root', async () => {
      const head = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { frontier: string[] };
      writeFileSync(join(dir, 'edge.json'), JSON.stringify({ ...head, frontier: [Buffer.alloc(32, 1).toString('base64'), ...head.frontier.slice(1)] }));
      const run = await runCli(['log', 'verify', '--url', t.url, '--state', join(dir, 'edge.json')], env);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.match(/frontier does not make its root/);
    });

    it('refuses a bad URL or state file with exit code 2', async () => {
      writeFileSync(join(dir, 'bad.json'), '{"size": "x"}');
      expect((await runCli(['log', 'verify', '--url', 'ftp://x'], env)).code).to.equal(2);
      const bad = await runCli(['log', 'verify', '--url', t.url, '--state', join(dir, 'bad.json')], env);
      expect(bad.code).to.equal(2);
      expect(bad.stderr).to.match(/not a state file/);
    });
  });
}
