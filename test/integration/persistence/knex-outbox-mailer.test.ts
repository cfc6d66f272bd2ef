import { expect } from 'chai';
import { KnexOutboxMailer } from '../../../src/adapters/persistence/knex-outbox-mailer.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

const CONFIRM_URL = `https://vetted.example/confirm/${'k'.repeat(200)}`;
const TEXT = ['Someone asked Vetted to verify example.org for "Ëxample & Co".', '', `  ${CONFIRM_URL}`, ''].join('\n');

for (const kind of databaseKinds()) {
  describe(`KnexOutboxMailer (${kind.name})`, () => {
    let t: TestDatabase;
    let logger: RecordingLogger;
    let clock: FixedClock;
    let mailer: KnexOutboxMailer;

    beforeEach(async () => {
      t = await kind.create();
      logger = new RecordingLogger();
      clock = new FixedClock('2026-09-01T12:00:00.000Z');
      mailer = new KnexOutboxMailer(t.db, logger, clock);
    });
    afterEach(async () => {
      await t.dispose();
    });

    it('lists nothing before the first mail', async () => {
      expect(await mailer.list()).to.deep.equal([]);
    });

    it('stores each mail with its whole text and lists them newest last', async () => {
      await mailer.send({ to: 'owner@example.org', subject: 'Confirm example.org', text: TEXT });
      clock.advance(90);
      await mailer.send({ to: 'other@example.net', subject: 'Revoked', text: 'gone' });

      expect(await mailer.list()).to.deep.equal([
        { to: 'owner@example.org', subject: 'Confirm example.org', text: TEXT, createdAt: '2026-09-01T12:00:00.000Z' },
        { to: 'other@example.net', subject: 'Revoked', text: 'gone', createdAt: '2026-09-01T12:01:30.000Z' },
      ]);
    });

    it('keeps the order of sending when mails share an instant', async () => {
      for (const n of [3, 1, 2]) await mailer.send({ to: `n${n}@example.org`, subject: `#${n}`, text: `${n}` });

      expect((await mailer.list()).map((m) => m.subject)).to.deep.equal(['#3', '#1', '#2']);
    });

    it('stores a long text intact', async () => {
      const text = `${'line of a long mail\n'.repeat(2000)}end`;
      await mailer.send({ to: 'owner@example.org', subject: 'Long', text });

      expect((await mailer.list())[0]?.text).to.equal(text);
    });

    it('logs each mail at info level with the whole text, so the link can be read from the log', async () => {
      await mailer.send({ to: 'owner@example.org', subject: 'Confirm example.org', text: TEXT });

      const mail = { to: 'owner@example.org', subject: 'Confirm example.org', text: TEXT };
      expect(logger.entries).to.deep.equal([{ level: 'info', fields: { mail }, message: 'mail (outbox)' }]);
      expect(JSON.stringify(logger.entries[0]?.fields)).to.include(CONFIRM_URL);
    });

    it('rejects, and logs nothing, when the mail cannot be stored', async () => {
      const other = await kind.create({ migrate: false });
      try {
        const unmigrated = new KnexOutboxMailer(other.db, logger, clock);
        let failed = false;
        await unmigrated.send({ to: 'owner@example.org', subject: 'x', text: 'y' }).catch(() => (failed = true));

        expect(failed).to.equal(true);
        expect(logger.entries).to.deep.equal([]);
      } finally {
        await other.dispose();
      }
    });
  });
}
