import { expect } from 'chai';
import { startDnsDelayRelay, type DnsDelayRelay } from '../support/dns-delay-relay.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createPgDatabase, startInstance, type InstanceProcess, type PgTestDatabase } from '../support/instance-process.js';
import { publishProofs, seedDueProofs } from '../support/seed-proofs.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { delay, waitUntil } from '../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;

// A worker is SIGKILLed in the middle of a proof re-check batch (every DNS answer takes a second,
// eight lookups at a time); a second worker started afterwards must take the batch over once the
// dead worker's heartbeat lapsed (within 30 s of the kill, with the production leases), check only
// what the first never recorded, and finish every revocation with exactly one mail. Checked to
// fail without the mechanisms, on a copy of the tree (never the shared checkout): with
// RecheckProofs.checkOne no longer skipping proofs that are not due any more, the retried batch
// looks again at the proofs the killed worker had checked (two checks each); with SweepDueProofs
// enqueueing batches with retryLimit 0, the killed batch is never retried (its job ends failed and
// its proofs wait for a later sweep).
(PG_URL ? describe : describe.skip)('a worker SIGKILLed in the middle of a re-check batch (PostgreSQL)', function () {
  this.timeout(60_000);
  let database: PgTestDatabase;
  let dns: TestDnsServer;
  let relay: DnsDelayRelay;
  let smtp: SmtpSink;
  const running: InstanceProcess[] = [];

  before(async () => {
    database = await createPgDatabase(PG_URL!);
    dns = await startDnsServer();
    relay = await startDnsDelayRelay(dns.port, 1000);
    smtp = await startSmtpSink();
  });
  after(async () => {
    await Promise.all(running.map((i) => i.stop()));
    await database?.dispose();
    await relay?.close();
    await dns?.close();
    await smtp?.close();
  });

  it('takes the batch over within 30 s of the kill: each proof checked once, each revocation done and mailed once', async () => {
    const holding = await seedDueProofs(database.db, 16, { prefix: 'slow', kind: 'holds' });
    const revoking = await seedDueProofs(database.db, 4, { prefix: 'lost', kind: 'revokes' });
    publishProofs(dns, holding);
    const all = [...holding, ...revoking];
    const env = {
      ROLE: 'worker',
      DATABASE_URL: database.url,
      DNS_SERVERS: relay.address,
      SMTP_URL: smtp.url,
      RECHECK_INTERVAL_MINUTES: '1',
      RECHECK_CONCURRENCY: '8',
      REFRESH_OBSERVATIONS: 'false',
    };
    // The production leases, claims, polling and retry backoff: the killed batch comes back when the
    // heartbeat its worker renewed lapses, not after its ten-minute lease, while its proofs are still
    // claimed. Only the schedule's checks are quicker, so that the sweep runs at once.
    const options = { jobs: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } };
    const a = await startInstance(env, options);
    running.push(a);

    // Every look ends a whole number of seconds after the batch began; killing 400 ms after the first
    // ones were recorded lands while lookups are in flight, not between a mail and its record.
    const checkedEntities = async () => new Set(await database.db('verification_attempts').distinct('entity_id').pluck('entity_id'));
    await waitUntil('the first proofs of the batch were checked', async () => (await checkedEntities()).size > 0, 20_000, 20);
    await delay(400);
    const active = await database.db('pgboss.job').where({ name: 'proof.recheck', state: 'active' }).pluck('id');
    await a.kill();
    const killedAt = Date.now();
    const checkedByA = await checkedEntities();
    expect(active, 'the batch A was running').to.have.length(1);
    expect(checkedByA.size, 'proofs A checked before it died').to.be.within(1, all.length - 1);

    const b = await startInstance(env, options);
    running.push(b);
    await waitUntil(
      'every proof was checked and every mail sent',
      async () => {
        const left = await database
          .db('entity_proofs')
          .where('due_at', '<=', new Date().toISOString())
          .orWhere('revocation_mail_due', true)
          .orWhereNotNull('claimed_until')
          .count({ n: '*' });
        return Number(left[0]!.n) === 0;
      },
      // Within 30 s of the kill, B's start included.
      30_000 - (Date.now() - killedAt),
      100,
    );
    const seconds = (Date.now() - killedAt) / 1000;
    // The batch A held, finished by B as a retry (pg-boss keeps the job id). Its completion is
    // written just after its last proof, so wait for it rather than race it.
    await waitUntil(
      'the batch job completed',
      async () => (await database.db('pgboss.job').where({ id: active[0] }).first('state'))?.state === 'completed',
      15_000,
      100,
    );
    const job = await database.db('pgboss.job').where({ id: active[0] }).first('state', 'retry_count');
    expect(job).to.deep.equal({ state: 'completed', retry_count: 1 });
    expect(b.logged('proof re-check batch done').length).to.be.at.least(1);
    // Let a second look or a second mail, if there were one, arrive.
    await delay(1500);

    // One check per proof: a holding proof's look is one attempt, a failing one's two (the challenge name, then the domain), at one instant.
    const attempts = await database.db('verification_attempts').select('entity_id', 'attempted_at', 'looked_up');
    for (const p of all) {
      const mine = attempts.filter((x) => x.entity_id === p.entityId);
      expect(new Set(mine.map((x) => x.attempted_at)).size, `checks of ${p.entityId}`).to.equal(1);
      expect(mine.map((x) => x.looked_up)).to.have.members(holding.includes(p) ? [p.challengeName] : [p.challengeName, p.domain]);
    }
    const statuses = Object.fromEntries((await database.db('entities').select('id', 'status')).map((e) => [e.id, e.status]));
    for (const p of holding) expect(statuses[p.entityId], p.entityId).to.equal('active');
    for (const p of revoking) expect(statuses[p.entityId], p.entityId).to.equal('revoked');
    expect(smtp.messages.map((m) => m.to.join(',')).sort()).to.deep.equal(revoking.map((p) => p.contactEmail).sort());
    console.log(
      `      A checked ${checkedByA.size} of ${all.length} proofs before SIGKILL; B took the batch over as retry ${job.retry_count} and was done ${seconds.toFixed(1)} s after the kill`,
    );
  });
});
