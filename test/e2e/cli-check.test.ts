import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { closedPorts } from '../support/closed-port.js';
import { runCli } from '../support/cli-run.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('vetted check: a client of a running Vetted that exits by the guidance', () => {
  let t: TestService;
  let dir: string;
  let env: Record<string, string>;
  let localDb: string;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!);
    await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Example Corp', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
    await new KnexBlocklist(t.database.db).add([aBlock('evil-shop.com', 'phishing kit')]);
    await t.propagated();
    dir = mkdtempSync(join(tmpdir(), 'vetted-check-'));
    mkdirSync(join(dir, 'data'));
    localDb = join(dir, 'data', 'local.sqlite');
    env = { DATABASE_URL: `sqlite:${localDb}`, VETTED_URL: t.url };
  });
  after(async () => {
    await t?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a blocked name in words and exits 5 (BLOCK), reading nothing of the local database', async () => {
    const run = await runCli(['check', 'evil-shop.com'], env);
    expect(run.code).to.equal(5);
    expect(run.stdout).to.match(/^evil-shop\.com: BLOCK \(do not transact\)\. Score 0\/100, NONE trust; not verified\.\n/);
    expect(existsSync(localDb)).to.equal(false);
  });

  it('exits by the action the service gave, and --json prints its data with the same guidance', async () => {
    const json = await runCli(['check', 'example.com', '--json', '--url', t.url], { DATABASE_URL: env.DATABASE_URL! });
    const data = JSON.parse(json.stdout) as { domain: string; verified: boolean; agent_guidance: { action: 'PROCEED' | 'CAUTION' | 'FLAG' | 'BLOCK' } };
    expect(data).to.include({ domain: 'example.com', verified: true });
    expect(json.code).to.equal({ PROCEED: 0, CAUTION: 3, FLAG: 4, BLOCK: 5 }[data.agent_guidance.action]);
    const words = await runCli(['check', 'example.com', '--signals'], env);
    expect(words.code).to.equal(json.code);
    expect(words.stdout).to.match(new RegExp(`^example\\.com: ${data.agent_guidance.action} .*; verified\\.\\n`));
    expect(words.stdout).to.match(/\n {2}domain_age: \d+\/\d+/);
  });

  it('checks a list as JSON Lines and exits with the most restrictive guidance; a refused name is its own line', async () => {
    const list = join(dir, 'names.txt');
    writeFileSync(list, '# counterparties\nexample.com\nevil-shop.com\n\nnot a name\n');
    const run = await runCli(['check', '--file', list], env);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines.map((line) => line.domain)).to.deep.equal(['example.com', 'evil-shop.com', 'not a name']);
    expect(lines[1]).to.include({ action: 'BLOCK', trust_score: 0, verified: false });
    expect(lines[2]!.error.code).to.equal('VALIDATION_ERROR');
    expect(run.code).to.equal(5);
  });

  it('says so and exits 1 when the service cannot be reached, and 2 for bad arguments', async () => {
    const [port] = await closedPorts(1);
    const down = await runCli(['check', 'example.com', '--url', `http://127.0.0.1:${port}`], env);
    expect(down.code).to.equal(1);
    expect(down.stderr).to.contain(`Vetted at http://127.0.0.1:${port} cannot be reached`);
    const both = await runCli(['check', 'example.com', '--file', 'x'], env);
    expect(both.code).to.equal(2);
    expect(both.stderr).to.contain('check takes a DOMAIN or --file LIST, one of the two');
  });
});
