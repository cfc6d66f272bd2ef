import { expect } from 'chai';
import { METHODOLOGY_VERSION } from '../../../../src/domain/scan/methodology.js';
import { freshnessOf, judgeReadiness, READINESS_THRESHOLDS } from '../../../../src/domain/scan/readiness.js';
import { aReport } from '../../../support/hostile-report.js';

const DAY = 86_400;
const SCANNED = '2026-09-01T00:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(SCANNED) + seconds * 1000);

describe('readiness', () => {
  const ready = aReport({
    scannedAt: SCANNED,
    score: READINESS_THRESHOLDS.readyScore,
    reachable: true,
    httpsValid: true,
    methodologyVersion: METHODOLOGY_VERSION,
  });

  it('is unknown without a report', () => {
    expect(judgeReadiness(undefined, at(0))).to.include({ value: 'unknown', reportId: null, freshness: null });
  });

  it('is ready at the threshold score while fresh, limited one point below', () => {
    expect(judgeReadiness(ready, at(0))).to.include({ value: 'ready', ageSeconds: 0, freshness: 'fresh' });
    expect(judgeReadiness({ ...ready, score: READINESS_THRESHOLDS.readyScore - 1 }, at(0)).value).to.equal('limited');
  });

  it('turns stale exactly at 7 days and unknown (expired) exactly at 30', () => {
    expect(freshnessOf(7 * DAY - 1)).to.equal('fresh');
    expect(freshnessOf(7 * DAY)).to.equal('stale');
    expect(freshnessOf(30 * DAY - 1)).to.equal('stale');
    expect(freshnessOf(30 * DAY)).to.equal('expired');
    expect(judgeReadiness(ready, at(7 * DAY - 1)).value).to.equal('ready');
    expect(judgeReadiness(ready, at(7 * DAY))).to.include({ value: 'limited', freshness: 'stale' });
    expect(judgeReadiness(ready, at(30 * DAY))).to.include({ value: 'unknown', freshness: 'expired' });
  });

  it('is unknown for an unreachable site and limited without valid HTTPS or under another methodology', () => {
    expect(judgeReadiness({ ...ready, reachable: false, score: 0 }, at(0)).value).to.equal('unknown');
    expect(judgeReadiness({ ...ready, httpsValid: false }, at(0)).value).to.equal('limited');
    const old = judgeReadiness({ ...ready, methodologyVersion: '2026-01-01.1' }, at(0));
    expect(old.value).to.equal('limited');
    expect(old.reasons).to.deep.equal([`judged under methodology 2026-01-01.1, not the current ${METHODOLOGY_VERSION}: a rescan gives the current view`]);
  });
});
