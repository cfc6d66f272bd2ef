import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createKnex } from '../../src/adapters/persistence/create-knex.js';
import { startServiceProcess } from '../support/service-process.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

/** One client of the load: registers new domains back to back until the server stops answering. */
async function registerLoop(url: string, lane: number, created: string[], refused: { count: number }): Promise<void> {
  for (let i = 0; ; i++) {
    const domain = `l${lane}-${i}.example.com`;
    let res: Response;
    try {
      res = await fetch(`${url}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${lane}` },
        body: JSON.stringify({ domain, entity_name: 'Load Ltd', entity_type: 'business', contact_email: `c${lane}-${i}@example.com` }),
      });
    } catch {
      return; // refused: the server stopped accepting
    }
    const body = (await res.json()) as { data?: { registration_id: string } };
    if (res.status === 201) created.push(body.data!.registration_id);
    else refused.count++;
    if (res.status === 503 || res.headers.get('connection') === 'close') return;
  }
}

describe('shutdown under load (a real process, SQLite)', function () {
  this.timeout(60_000);
  let dir: string;
  let smtp: SmtpSink;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetted-shutdown-'));
    smtp = await startSmtpSink();
  });
  after(async () => {
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes every request it took, sends every mail, logs nothing at error level, and exits 0', async () => {
    const databaseUrl = `sqlite:${join(dir, 'v.sqlite')}`;
    const service = await startServiceProcess({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    const created: string[] = [];
    const refused = { count: 0 };
    const load = Promise.all(Array.from({ length: 12 }, (_, lane) => registerLoop(service.url, lane, created, refused)));
    await new Promise((r) => setTimeout(r, 2000));
    const before = created.length;
    service.child.kill('SIGTERM');
    const code = await service.exited;
    await load;

    expect(code).to.equal(0);
    expect(before, 'the load was running when the signal came').to.be.above(10);
    const lines = service.stdout.filter((l) => l.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.to.throw();
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors, JSON.stringify(errors.slice(0, 3))).to.deep.equal([]);
    expect(service.stderr).to.deep.equal([]);
    const db = createKnex(databaseUrl);
    try {
      const stored = await db('registrations').pluck('id');
      expect([...stored].sort()).to.deep.equal([...created].sort(), 'every 201 is a stored row, and every row was answered 201');
    } finally {
      await db.destroy();
    }
    for (let i = 0; i < 50 && smtp.messages.length < created.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.messages).to.have.length(created.length);
  });
});
