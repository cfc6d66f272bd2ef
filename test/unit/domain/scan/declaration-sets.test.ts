import { expect } from 'chai';
import { CURRENT_DECLARATION_SET, DECLARATION_SETS, declarationSetOf } from '../../../../src/domain/scan/declaration-sets.js';
import { DECLARATIONS } from '../../../../src/domain/scan/methodology.js';
import { compareReports } from '../../../../src/domain/scan/report-diff.js';
import { reportContent } from '../../../../src/domain/scan/report-content.js';
import type { CheckResult } from '../../../../src/domain/scan/report.js';
import { aReport } from '../../../support/hostile-report.js';

const absent = (id: string): CheckResult => ({
  id,
  category: 'declaration',
  title: id,
  status: 'info',
  points: 0,
  max: 0,
  detail: 'Absent.',
  standard: 's',
  evidence: [],
});
const listing = (ids: readonly string[]) => ids.map(absent);

describe('declaration sets', () => {
  it('holds in its current set exactly the declarations the methodology judges', () => {
    expect([...CURRENT_DECLARATION_SET.ids].sort()).to.deep.equal(DECLARATIONS.map((d) => d.id).sort());
  });

  it('names each set once, newest first, each a superset of the one before it', () => {
    const ids = DECLARATION_SETS.map((s) => s.id);
    expect(ids).to.deep.equal([...new Set(ids)].sort().reverse());
    for (let i = 0; i + 1 < DECLARATION_SETS.length; i++) {
      expect(
        DECLARATION_SETS[i + 1]!.ids.every((id) => DECLARATION_SETS[i]!.ids.includes(id)),
        DECLARATION_SETS[i]!.id,
      ).to.equal(true);
    }
  });

  it('takes a stored set as it is, and tells the set of an older report from the declarations it lists', () => {
    expect(declarationSetOf({ declarationSet: '2026-11-23', declarations: [] })?.id).to.equal('2026-11-23');
    for (const set of DECLARATION_SETS) expect(declarationSetOf({ declarations: listing([...set.ids].reverse()) })?.id).to.equal(set.id);
    expect(declarationSetOf({ declarations: listing(['llms_txt']) })).to.equal(undefined);
  });

  it('signs the set of a report that stored it, and adds nothing to an older report, whose signature covers no such field', () => {
    expect(reportContent(aReport({ declarationSet: '2026-11-25' }))).to.have.property('declaration_set', '2026-11-25');
    expect(reportContent(aReport())).to.not.have.property('declaration_set');
  });

  it('compares an older set with a newer one as not looked for, never as absent', () => {
    const older = aReport({ declarations: listing(DECLARATION_SETS[1]!.ids) });
    const newer = aReport({ id: 'rep_newer', declarationSet: CURRENT_DECLARATION_SET.id, declarations: listing(CURRENT_DECLARATION_SET.ids) });
    expect(compareReports(older, newer).moved).to.deep.equal([{ id: 'acp', title: 'acp', from: 'not_looked_for', to: 'info' }]);
    expect(compareReports(newer, older).moved).to.deep.equal([{ id: 'acp', title: 'acp', from: 'info', to: 'not_looked_for' }]);
  });
});
