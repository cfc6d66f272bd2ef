import { expect } from 'chai';
import { preparedRead } from '../../../src/adapters/persistence/prepared-read.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`preparedRead (${kind.name})`, () => {
    let t: TestDatabase;
    let uncaught: unknown[];
    const record = (error: unknown) => void uncaught.push(error);

    beforeEach(async () => {
      t = await kind.create({ migrate: false });
      uncaught = [];
      process.on('uncaughtException', record);
    });
    afterEach(async () => {
      process.off('uncaughtException', record);
      await t.dispose();
    });

    it('rejects a statement that cannot be prepared, throws nothing past its caller, and prepares it again once it can be', async () => {
      const sql = 'SELECT name FROM later_table WHERE name IN (?)';
      const error = await preparedRead(t.db, 'later_table_1', sql, ['a']).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String(error)).to.match(/later_table/);
      // An 'error' event nobody listens to would surface here, a turn or two later.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).to.deep.equal([]);
      await t.db.schema.createTable('later_table', (table) => table.string('name'));
      await t.db('later_table').insert({ name: 'a' });
      expect(await preparedRead(t.db, 'later_table_1', sql, ['a'])).to.deep.equal([{ name: 'a' }]);
    });
  });
}
