import { expect } from 'chai';
import type { ReportRepository, StoredReport } from '../../src/application/ports/report-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { aHostileReport, aReport, anEvidenceItem } from '../support/hostile-report.js';

const SIGNATURE = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519', keyId: 'kid-1', value: 'sig' } as const;

function stored(overrides: Parameters<typeof aReport>[0] = {}): StoredReport {
  return { report: aReport(overrides), signature: SIGNATURE };
}

/** The behaviour every ReportRepository adapter must have. */
export function reportRepositoryContract(make: () => Promise<{ repo: ReportRepository; dispose(): Promise<void> }>): void {
  let s: Awaited<ReturnType<typeof make>>;
  beforeEach(async () => {
    s = await make();
  });
  afterEach(() => s.dispose());

  it('stores a report with its evidence and signature and reads it back unchanged', async () => {
    const hostile: StoredReport = { report: aHostileReport(), signature: SIGNATURE };
    await s.repo.save(hostile);
    expect(await s.repo.findById(hostile.report.id)).to.deep.equal(hostile);
    expect(await s.repo.findById('rpt_missing')).to.equal(undefined);
  });

  it('finds the newest report of a domain, and nothing for a domain never scanned', async () => {
    await s.repo.save(stored({ id: 'rpt_old', domain: domainName('a.example.com'), scannedAt: '2026-01-01T00:00:00.000Z' }));
    await s.repo.save(stored({ id: 'rpt_new', domain: domainName('a.example.com'), scannedAt: '2026-02-01T00:00:00.000Z' }));
    await s.repo.save(stored({ id: 'rpt_other', domain: domainName('b.example.com'), scannedAt: '2026-03-01T00:00:00.000Z' }));
    expect((await s.repo.findLatest(domainName('a.example.com')))?.report.id).to.equal('rpt_new');
    expect(await s.repo.findLatest(domainName('c.example.com'))).to.equal(undefined);
  });

  it('pages through the history of a domain newest first without evidence, stable on equal scan times', async () => {
    const a = domainName('a.example.com');
    const times = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];
    for (const [i, scannedAt] of times.entries()) await s.repo.save(stored({ id: `rpt_h${i}`, domain: a, scannedAt }));
    await s.repo.save(stored({ id: 'rpt_other', domain: domainName('b.example.com'), scannedAt: '2026-04-01T00:00:00.000Z' }));
    const first = await s.repo.history(a, { limit: 2 });
    expect(first.map((r) => r.id)).to.deep.equal(['rpt_h3', 'rpt_h2']);
    expect(first[0]).to.not.have.property('evidence');
    expect(first[0]!.checks).to.deep.equal(aReport().checks);
    const last = first.at(-1)!;
    const second = await s.repo.history(a, { limit: 2, before: { scannedAt: last.scannedAt, id: last.id } });
    expect(second.map((r) => r.id)).to.deep.equal(['rpt_h1', 'rpt_h0']);
    expect(await s.repo.history(a, { limit: 2, before: { scannedAt: '2026-01-01T00:00:00.000Z', id: 'rpt_h0' } })).to.deep.equal([]);
    expect(await s.repo.history(domainName('c.example.com'), { limit: 5 })).to.deep.equal([]);
  });

  it('never keeps part of a report: a save that fails stores nothing', async () => {
    const broken = stored({ id: 'rpt_broken', evidence: [anEvidenceItem({ n: 1 }), anEvidenceItem({ n: 1 })] });
    let failed = false;
    try {
      await s.repo.save(broken);
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(await s.repo.findById('rpt_broken')).to.equal(undefined);
    expect(await s.repo.findLatest(broken.report.domain)).to.equal(undefined);
  });
}
