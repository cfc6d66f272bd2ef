import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { AppError } from '../../src/application/errors.js';
import type { AdmissionLimits, ScanAdmission } from '../../src/application/ports/scan-admission.js';
import { domainName } from '../../src/domain/domain-name.js';

export interface AdmissionSubject {
  readonly admission: ScanAdmission;
  /**
   * Another handle on the same store, as a second instance would have (optional), with the raw
   * database it uses when it has one (the lock cases run transactions on it as its decisions would).
   */
  readonly second?: () => Promise<{ admission: ScanAdmission; db?: Knex; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const LIMITS: AdmissionLimits = { perClientPerHour: 10, perDomainPerHour: 6, globalPerMinute: 120 };
const T0 = Date.parse('2026-09-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const d = (name: string) => domainName(name);

/** The behaviour every ScanAdmission adapter must have, with LIMITS as its limits. */
export function scanAdmissionContract(make: (limits: AdmissionLimits) => Promise<AdmissionSubject>): void {
  let s: AdmissionSubject;
  afterEach(() => s?.dispose());

  it('admits up to the per-domain limit in a rolling hour and says when the next one fits', async () => {
    s = await make(LIMITS);
    for (let i = 0; i < 6; i++)
      expect(await s.admission.admit({ clientId: `c${i}`, domain: d('a.example.com') }, at(i * 60))).to.deep.equal({ admitted: true });
    expect(await s.admission.admit({ clientId: 'c9', domain: d('a.example.com') }, at(400))).to.deep.equal({
      admitted: false,
      limit: 'domain',
      retryAfterSeconds: 3200,
    });
    expect(await s.admission.admit({ clientId: 'c9', domain: d('b.example.com') }, at(400))).to.deep.equal({ admitted: true });
    expect(await s.admission.admit({ clientId: 'c9', domain: d('a.example.com') }, at(3599))).to.deep.equal({
      admitted: false,
      limit: 'domain',
      retryAfterSeconds: 1,
    });
    expect(await s.admission.admit({ clientId: 'c9', domain: d('a.example.com') }, at(3600))).to.deep.equal({ admitted: true });
  });

  it('never asks to wait longer than the window, even when the admissions are a moment younger than the decision', async () => {
    s = await make(LIMITS);
    for (let i = 0; i < 6; i++) expect((await s.admission.admit({ clientId: `c${i}`, domain: d('late.example.com') }, at(10))).admitted).to.equal(true);
    // A decision whose clock was read before another instance's admissions (it waited for the lock).
    expect(await s.admission.admit({ clientId: 'c9', domain: d('late.example.com') }, at(9))).to.deep.equal({
      admitted: false,
      limit: 'domain',
      retryAfterSeconds: 3600,
    });
  });

  it('admits up to the per-client limit across domains', async () => {
    s = await make(LIMITS);
    for (let i = 0; i < 10; i++) expect((await s.admission.admit({ clientId: '198.51.100.7', domain: d(`d${i}.example.com`) }, at(i))).admitted).to.equal(true);
    expect(await s.admission.admit({ clientId: '198.51.100.7', domain: d('d99.example.com') }, at(10))).to.deep.equal({
      admitted: false,
      limit: 'client',
      retryAfterSeconds: 3590,
    });
  });

  it('admits up to the global limit in a rolling minute', async () => {
    s = await make({ perClientPerHour: 1000, perDomainPerHour: 1000, globalPerMinute: 5 });
    for (let i = 0; i < 5; i++) expect((await s.admission.admit({ clientId: `c${i}`, domain: d(`g${i}.example.com`) }, at(i * 10))).admitted).to.equal(true);
    expect(await s.admission.admit({ clientId: 'x', domain: d('g9.example.com') }, at(50))).to.deep.equal({
      admitted: false,
      limit: 'global',
      retryAfterSeconds: 10,
    });
    expect((await s.admission.admit({ clientId: 'x', domain: d('g9.example.com') }, at(60))).admitted).to.equal(true);
  });

  it('never admits more than a limit under hundreds of simultaneous requests', async () => {
    s = await make(LIMITS);
    const oneDomain = await Promise.all(
      Array.from({ length: 200 }, (_, i) => s.admission.admit({ clientId: `10.0.${i >> 8}.${i & 255}`, domain: d('hot.example.com') }, at(1))),
    );
    expect(oneDomain.filter((r) => r.admitted)).to.have.length(6);
    expect(oneDomain.filter((r) => !r.admitted).every((r) => !r.admitted && r.retryAfterSeconds === 3600)).to.equal(true);
    const oneClient = await Promise.all(
      Array.from({ length: 100 }, (_, i) => s.admission.admit({ clientId: 'greedy', domain: d(`n${i}.example.com`) }, at(2))),
    );
    expect(oneClient.filter((r) => r.admitted)).to.have.length(10);
  });

  it('holds the limits for two instances sharing the store', async function () {
    s = await make(LIMITS);
    if (!s.second) return this.skip();
    const other = await s.second();
    try {
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          (i % 2 === 0 ? s.admission : other.admission).admit({ clientId: `c${i}`, domain: d('shared.example.com') }, at(1)),
        ),
      );
      expect(results.filter((r) => r.admitted)).to.have.length(6);
    } finally {
      await other.dispose();
    }
  });

  it('decides a request that waits for the lock while another instance keeps committing decisions', async function () {
    this.timeout(20_000);
    s = await make({ ...LIMITS, perClientPerHour: 2 });
    if (!s.second) return this.skip();
    const other = await s.second();
    const db = other.db!;
    let answered = false;
    let commits = 0;
    // Holds the lock nearly all the time for longer than the deadline and SQLite's busy timeout,
    // committing a decision every 400 ms: the store is alive, only busy.
    const contender = (async () => {
      const until = Date.now() + 6_000;
      while (!answered && Date.now() < until) {
        await db.transaction(async (trx) => {
          await trx('admission_lock').where({ id: 1 }).increment('decisions', 1);
          await sleep(400);
        });
        commits++;
      }
    })();
    try {
      await sleep(100);
      const decision = await s.admission.admit({ clientId: 'patient', domain: d('waits.example.com') }, at(1)).finally(() => (answered = true));
      expect(decision).to.deep.equal({ admitted: true });
      expect(commits).to.be.above(0);
      await contender;
      // Recorded exactly once: one more fits the client's budget of 2, the next does not.
      expect(await s.admission.admit({ clientId: 'patient', domain: d('again.example.com') }, at(2))).to.deep.equal({ admitted: true });
      expect((await s.admission.admit({ clientId: 'patient', domain: d('third.example.com') }, at(3))).admitted).to.equal(false);
    } finally {
      answered = true;
      await contender.catch(() => undefined);
      await other.dispose();
    }
  });

  it('refuses with SCAN_UNAVAILABLE when another instance holds the lock without progress, then at once', async function () {
    this.timeout(20_000);
    s = await make(LIMITS);
    if (!s.second) return this.skip();
    const other = await s.second();
    const lock = await other.db!.transaction();
    try {
      await lock('admission_lock').where({ id: 1 }).increment('decisions', 1);
      const started = Date.now();
      const refused = await s.admission.admit({ clientId: 'c1', domain: d('stuck.example.com') }, at(1)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).to.be.instanceOf(AppError).with.property('code', 'SCAN_UNAVAILABLE');
      expect(Date.now() - started).to.be.within(2_900, 4_500);
      const next = Date.now();
      const queued = await s.admission.admit({ clientId: 'c2', domain: d('stuck.example.com') }, at(2)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(queued).to.be.instanceOf(AppError).with.property('code', 'SCAN_UNAVAILABLE');
      expect(Date.now() - next).to.be.below(500);
    } finally {
      await lock.rollback();
      await other.dispose();
    }
  });
}
