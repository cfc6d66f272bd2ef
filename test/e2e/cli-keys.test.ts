import { expect } from 'chai';
import { parseApiKey } from '../../src/domain/access/api-key.js';
import { runCli } from '../support/cli-run.js';
import { databaseKinds, type TestDatabase } from '../support/test-databases.js';
import { aNewEntity } from '../support/builders.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';

describe('vetted key', function () {
  this.timeout(30_000);
  let database: TestDatabase;
  let env: Record<string, string>;

  before(async () => {
    database = await databaseKinds()[0]!.create();
    env = { DATABASE_URL: database.url };
  });
  after(() => database?.dispose());

  it('creates a key shown once, lists it without the key, revokes it and shows its usage', async () => {
    const entity = await new KnexEntityRepository(database.db).create(aNewEntity({ name: 'Acme', domain: 'acme.example.com' }));
    const created = await runCli(['key', 'create', '--tier', 'enterprise', '--name', 'Acme integration', '--entity', entity.id], env);
    expect(created.code, created.stderr).to.equal(0);
    const [heading, key] = created.stdout.trim().split('\n');
    const parsed = parseApiKey(key!);
    expect(parsed.ok).to.equal(true);
    const id = parsed.ok ? parsed.id : '';
    expect(heading).to.equal(`created ${id} (enterprise, "Acme integration"); the key, shown this once:`);
    expect(JSON.stringify(await database.db('api_keys').select())).to.not.include(key!);

    const listed = await runCli(['key', 'list', '--json'], env);
    expect(listed.code).to.equal(0);
    expect(listed.stdout).to.not.include(key!);
    expect(JSON.parse(listed.stdout)).to.deep.include({
      key_id: id,
      tier: 'enterprise',
      name: 'Acme integration',
      entity_id: entity.id,
      revoked_at: null,
      last_used_at: null,
      created_at: JSON.parse(listed.stdout)[0].created_at,
    });

    expect((await runCli(['key', 'revoke', id], env)).stdout.trim()).to.equal(`revoked ${id}`);
    expect((await runCli(['key', 'revoke', id], env)).stdout.trim()).to.equal(`${id} was already revoked`);
    expect((await runCli(['key', 'list'], env)).stdout).to.match(new RegExp(`^${id}\\tenterprise\\trevoked\\t\\S+\\t-\\tAcme integration$`, 'm'));
    const usage = await runCli(['key', 'usage', id], env);
    expect(usage.code).to.equal(0);
    expect(usage.stdout.split('\n')[0]).to.equal(`${id}\tenterprise\tunlimited\ttoday 0`);
  });

  it('refuses bad input with a sentence and exit code 2, writing nothing', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['key', 'create', '--tier', 'gold', '--name', 'x'], /tier must be one of free, pro, enterprise/],
      [['key', 'create', '--tier', 'pro', '--name', '   '], /name must not be empty/],
      [['key', 'create', '--tier', 'pro'], /needs --name/],
      [['key', 'create', '--tier', 'pro', '--name', 'x', '--entity', 'ent_missing001'], /No entity ent_missing001/],
      [['key', 'revoke', 'vtk_notanid'], /not an API key id/],
      [['key', 'revoke', 'key_AAAAAAAA'], /No API key key_AAAAAAAA/],
      [['key', 'usage', 'key_AAAAAAAA'], /No API key key_AAAAAAAA/],
    ];
    const before = await database.db('api_keys').count({ n: '*' });
    for (const [args, message] of cases) {
      const run = await runCli(args, env);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr, args.join(' ')).to.match(message);
    }
    expect(await database.db('api_keys').count({ n: '*' })).to.deep.equal(before);
  });
});
