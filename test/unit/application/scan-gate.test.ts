import { expect } from 'chai';
import { judgeScanGate } from '../../../src/application/scan/scan-gate.js';

describe('judgeScanGate', () => {
  it('meets an empty gate whatever the scan', () => {
    expect(judgeScanGate({}, { score: 0, readiness: 'unknown' })).to.deep.equal({ met: true });
  });

  it('meets --fail-under at the threshold and above, and names both numbers below it', () => {
    expect(judgeScanGate({ failUnder: 70 }, { score: 70, readiness: 'limited' })).to.deep.equal({ met: true });
    expect(judgeScanGate({ failUnder: 0 }, { score: 0, readiness: 'unknown' })).to.deep.equal({ met: true });
    expect(judgeScanGate({ failUnder: 70 }, { score: 69, readiness: 'ready' })).to.deep.equal({ met: false, unmet: ['score 69 is under 70'] });
    expect(judgeScanGate({ failUnder: 100 }, { score: 99, readiness: 'ready' })).to.deep.equal({ met: false, unmet: ['score 99 is under 100'] });
  });

  it('meets no --fail-under, not even 0, without a score (a site that could not be reached)', () => {
    expect(judgeScanGate({ failUnder: 0 }, { score: null, readiness: 'unknown' })).to.deep.equal({
      met: false,
      unmet: ['no score: the site could not be reached'],
    });
    expect(judgeScanGate({}, { score: null, readiness: 'unknown' })).to.deep.equal({ met: true });
  });

  it('accepts only ready for --require ready, and limited or ready for --require limited', () => {
    const met = (require: 'ready' | 'limited', readiness: 'ready' | 'limited' | 'unknown') => judgeScanGate({ require }, { score: 50, readiness });
    expect(met('ready', 'ready')).to.deep.equal({ met: true });
    expect(met('ready', 'limited')).to.deep.equal({ met: false, unmet: ['readiness limited is not ready'] });
    expect(met('ready', 'unknown')).to.deep.equal({ met: false, unmet: ['readiness unknown is not ready'] });
    expect(met('limited', 'ready')).to.deep.equal({ met: true });
    expect(met('limited', 'limited')).to.deep.equal({ met: true });
    expect(met('limited', 'unknown')).to.deep.equal({ met: false, unmet: ['readiness unknown is not limited or ready'] });
  });

  it('lists every unmet condition of a combined gate, score first', () => {
    expect(judgeScanGate({ failUnder: 70, require: 'ready' }, { score: 64, readiness: 'limited' })).to.deep.equal({
      met: false,
      unmet: ['score 64 is under 70', 'readiness limited is not ready'],
    });
    expect(judgeScanGate({ failUnder: 60, require: 'ready' }, { score: 64, readiness: 'limited' })).to.deep.equal({
      met: false,
      unmet: ['readiness limited is not ready'],
    });
    expect(judgeScanGate({ failUnder: 60, require: 'limited' }, { score: 64, readiness: 'limited' })).to.deep.equal({ met: true });
  });
});
