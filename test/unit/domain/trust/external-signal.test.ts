import { expect } from 'chai';
import { blocklistListings, externalSignal } from '../../../../src/domain/trust/external-signal.js';
import type { ExternalObservations } from '../../../../src/domain/trust/trust-inputs.js';

const clean: ExternalObservations = {
  blocklists: { listedOn: [] },
  spf: { published: true },
  dmarc: { published: true },
  readiness: { value: 'ready' },
};

describe('external signal', () => {
  it('scores 15 when not listed, with SPF, DMARC and a ready scan, and shows each check', () => {
    expect(externalSignal(clean)).to.deep.equal({
      score: 15,
      max: 15,
      observed: true,
      checks: {
        blocklists: { score: 5, max: 5, listed: false, listed_on: [] },
        spf: { score: 3, max: 3, published: true },
        dmarc: { score: 3, max: 3, published: true },
        readiness: { score: 4, max: 4, value: 'ready' },
      },
    });
  });

  it('gives 3 for SPF, 3 for DMARC, 4 for ready, 2 for limited and 0 for unknown readiness', () => {
    expect(externalSignal({ ...clean, spf: { published: false } }).score).to.equal(12);
    expect(externalSignal({ ...clean, dmarc: { published: false } }).score).to.equal(12);
    expect(externalSignal({ ...clean, readiness: { value: 'limited' } }).score).to.equal(13);
    expect(externalSignal({ ...clean, readiness: { value: 'unknown' } }).score).to.equal(11);
    expect(externalSignal({ ...clean, spf: { published: false }, dmarc: { published: false }, readiness: { value: 'unknown' } }).score).to.equal(5);
  });

  it('scores the whole signal 0 when a blocklist lists the domain, and names the lists', () => {
    const signal = externalSignal({ ...clean, blocklists: { listedOn: ['dbl.spamhaus.org', 'multi.surbl.org'] } });
    expect(signal).to.deep.include({ score: 0, observed: true, error: 'listed' });
    expect(signal.checks?.blocklists).to.deep.equal({ score: 0, max: 5, listed: true, listed_on: ['dbl.spamhaus.org', 'multi.surbl.org'] });
    expect(signal.checks?.spf).to.deep.include({ score: 3 });
    expect(blocklistListings(signal)).to.deep.equal(['dbl.spamhaus.org', 'multi.surbl.org']);
  });

  it('gives a failed check no points and its error, and still scores the others', () => {
    const signal = externalSignal({ ...clean, blocklists: { error: 'timeout' }, dmarc: { error: 'servfail' } });
    expect(signal).to.deep.include({ score: 7, observed: true });
    expect(signal.checks?.blocklists).to.deep.equal({ score: 0, max: 5, error: 'timeout' });
    expect(signal.checks?.dmarc).to.deep.equal({ score: 0, max: 3, error: 'servfail' });
    expect(blocklistListings(signal)).to.deep.equal([]);
  });

  it('is not observed when every check failed', () => {
    const failed = { error: 'timeout' };
    const signal = externalSignal({ blocklists: failed, spf: failed, dmarc: failed, readiness: failed });
    expect(signal).to.deep.include({ score: 0, observed: false, error: 'timeout' });
  });

  it('is not observed when the checks were not run or failed as a whole', () => {
    expect(externalSignal(null)).to.deep.equal({
      score: 0,
      max: 15,
      observed: false,
      reason: 'Not observed: no observation is stored for this name; ask again with external=true to look now.',
      checks: null,
    });
    expect(externalSignal({ error: 'timeout' })).to.deep.equal({
      score: 0,
      max: 15,
      observed: false,
      error: 'timeout',
      reason: 'Not observed: looking up the reputation checks (DNS blocklists, SPF, DMARC) did not finish within the deadline.',
      checks: null,
    });
    expect(externalSignal({ error: 'stale', observedAt: '2026-05-01T00:00:00.000Z' }).reason).to.equal(
      'Not observed: the last look at the reputation checks (DNS blocklists, SPF, DMARC), at 2026-05-01T00:00:00.000Z, is too old to score; ask again with external=true to look now.',
    );
  });
});
