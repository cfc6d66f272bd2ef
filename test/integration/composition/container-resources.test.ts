import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { Database } from '../../../src/adapters/persistence/create-knex.js';
import { Mailer } from '../../../src/application/ports/mailer.js';
import { buildContainer } from '../../../src/main.js';
import { closeContainer } from '../../../src/service.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';

describe('the composition root closes what it opened', () => {
  let dir: string;
  let sink: SmtpSink;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-container-'));
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('destroys the database pool and closes the SMTP transport through deactivation handlers', async () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}`, SMTP_URL: sink.url, LOG_LEVEL: 'silent' });
    const container = buildContainer(config);
    const db = container.get<Knex>(Database);
    const mailer = container.get<Mailer>(Mailer);
    await db.raw('select 1');
    await mailer.send({ to: 'owner@example.com', subject: 'hello', text: 'hi' });
    expect(sink.messages).to.have.length(1);
    const connections = () => sink.openConnections();
    expect(connections()).to.equal(1);

    await closeContainer(container);

    let refused: unknown;
    await db.raw('select 1').catch((error: unknown) => (refused = error));
    expect(String(refused)).to.match(/Unable to acquire a connection/);
    for (let i = 0; i < 50 && connections() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(connections()).to.equal(0);
  });
});
