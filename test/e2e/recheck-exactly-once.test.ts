import { expect } from 'chai';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { publishProofs, seedDueProofs, txtQuestionsByName, type SeededProof } from '../support/seed-proofs.js';
import { headerOf, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { FAST_JOBS } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;

// Three real processes on one PostgreSQL database re-check 1,000 due proofs and one that revokes.
// What makes each look happen once: one proof.sweep job per cron tick for all instances (pg-boss),
// and the sweep's claim of each proof in the database (entity_proofs.claimed_until) before its batch
// is queued. Checked to fail without it, on a copy of the tree (never the shared checkout): with
// KnexProofRepository.claimDue no longer requiring a free claim (the `free` guard dropped from the
// SELECT and the UPDATE), the sweep hands the same due proofs out again batch after batch, names are
// asked 2-5 times, attempts exceed 1,000 and the revocation mail goes out more than once.
(PG_URL ? describe : describe.skip)('proof re-checks with three instances on PostgreSQL', function () {
  this.timeout(90_000);
  let database: PgTestDatabase;
  let dns: TestDnsServer;
  let smtp: SmtpSink;
  let instances: InstanceProcess[] = [];
  let holding: SeededProof[];
  let revoking: SeededProof;
  let ms: number;

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    dns = await startDnsServer();
    smtp = await startSmtpSink();
    // Seeded before any instance starts: the first cron tick (within seconds of the first start) sweeps them all.
    holding = await seedDueProofs(database.db, 1000, { prefix: 'hold', kind: 'holds' });
    revoking = (await seedDueProofs(database.db, 1, { prefix: 'gone', kind: 'revokes' }))[0]!;
    publishProofs(dns, holding);
    // The members' observation refresh would ask the same DNS server about the same domains (SPF, DMARC); its own test is beside this one.
    const env = {
      ROLE: 'serve',
      DATABASE_URL: database.url,
      DNS_SERVERS: dns.address,
      SMTP_URL: smtp.url,
      RECHECK_INTERVAL_MINUTES: '1',
      REFRESH_OBSERVATIONS: 'false',
    };
    const started = Date.now();
    instances = await Promise.all([0, 1, 2].map(() => startInstance(env, { jobs: FAST_JOBS })));
    await waitUntil(
      'every proof was re-checked (due in the future, no mail owed)',
      async () => {
        const left = await database.db('entity_proofs').where('due_at', '<=', new Date().toISOString()).orWhere('revocation_mail_due', true).count({ n: '*' });
        return Number(left[0]!.n) === 0;
      },
      45_000,
      100,
    );
    ms = Date.now() - started;
    // Give a second look or a second sender, if there were one, time to be heard.
    await new Promise((r) => setTimeout(r, 1500));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await database?.dispose();
    await dns?.close();
    await smtp?.close();
  });

  it('asks the DNS server for each of 1,000 due proofs exactly once, and records one attempt each', async () => {
    const batches = instances.map((i) => i.logged('proof re-check batch done').length);
    console.log(`      1,001 proofs re-checked ${ms} ms after the instances were started; batches per instance: ${batches.join(', ')}`);
    // Each instance must have taken part, or this would only show that one process checks once.
    expect(batches.filter((n) => n > 0).length, 'instances that ran re-check batches').to.be.at.least(2);
    const asked = txtQuestionsByName(dns);
    const wrong = holding.filter((p) => asked.get(p.challengeName) !== 1).map((p) => `${p.challengeName}: ${asked.get(p.challengeName) ?? 0}`);
    expect(wrong, 'names not asked exactly once').to.deep.equal([]);
    // A proven look stops at the challenge name: the bare domain was never asked.
    expect(holding.filter((p) => asked.has(p.domain))).to.deep.equal([]);
    const attempts = await database
      .db('verification_attempts')
      .whereIn(
        'entity_id',
        holding.map((p) => p.entityId),
      )
      .select('entity_id', 'result', 'looked_up');
    expect(attempts).to.have.length(1000);
    expect(new Set(attempts.map((a) => a.entity_id)).size).to.equal(1000);
    expect(attempts.every((a) => a.result === 'proven')).to.equal(true);
    // And nothing else was looked at but the revoked proof's two names.
    expect(Number((await database.db('verification_attempts').count({ n: '*' }))[0]!.n)).to.equal(1002);
    const proofs = await database
      .db('entity_proofs')
      .whereIn(
        'entity_id',
        holding.map((p) => p.entityId),
      )
      .select('failures', 'due_at', 'claimed_until');
    expect(proofs.filter((p) => Number(p.failures) !== 0 || Date.parse(p.due_at) < Date.now() + 29 * 86_400_000 || p.claimed_until !== null)).to.deep.equal([]);
    const active = await database
      .db('entities')
      .whereIn(
        'id',
        holding.map((p) => p.entityId),
      )
      .andWhere({ status: 'active' })
      .count({ n: '*' });
    expect(Number(active[0]!.n)).to.equal(1000);
  });

  it('revokes an entity whose proof is gone once, and mails its contact exactly once', async () => {
    const entity = await database.db('entities').where({ id: revoking.entityId }).first('status');
    expect(entity.status).to.equal('revoked');
    const proof = await database.db('entity_proofs').where({ entity_id: revoking.entityId }).first();
    expect({ failures: Number(proof.failures), owed: Boolean(proof.revocation_mail_due), claimed: proof.claimed_until }).to.deep.equal({
      failures: 3,
      owed: false,
      claimed: null,
    });
    // One look: the challenge name, then the bare domain, each asked once.
    expect([dns.lookups(revoking.challengeName, 'TXT'), dns.lookups(revoking.domain, 'TXT')]).to.deep.equal([1, 1]);
    expect(await database.db('verification_attempts').where({ entity_id: revoking.entityId }).pluck('looked_up')).to.have.members([
      revoking.challengeName,
      revoking.domain,
    ]);
    const mails = smtp.messages.filter((m) => m.to.includes(revoking.contactEmail));
    expect(mails, 'revocation mails').to.have.length(1);
    expect(headerOf(mails[0]!.raw, 'Subject')).to.equal(`The Vetted verification of ${revoking.domain} was revoked`);
    expect(smtp.messages).to.have.length(1);
  });
});
