import { expect } from 'chai';
import { missingSignals, withEvidence } from '../../../../src/domain/trust/evidence.js';
import type { TrustInputs } from '../../../../src/domain/trust/trust-inputs.js';
import { assessTrust } from '../../../../src/domain/trust/trust-score.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const brand: TrustInputs = {
  registry: { kind: 'not_verified' },
  brand: { knownBrand: true, lookalikeOf: null, reason: null },
  registeredAt: null,
  tls: null,
  external: null,
};
const observed: TrustInputs = {
  ...brand,
  registeredAt: '1997-09-15T04:00:00.000Z',
  tls: { valid: true, validTo: '2026-09-01T00:00:00.000Z', observedAt: '2026-05-31T12:00:00.000Z' },
  external: { blocklists: { error: 'not_configured' }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'unknown' } },
};

describe('the evidence a trust answer rests on', () => {
  it('tells a queued look as pending, on each signal and in the guidance, without changing the score', () => {
    const bare = assessTrust(brand, NOW);
    const told = withEvidence(bare, { kind: 'queued', retryAfterSeconds: 12 }, undefined, NOW);
    expect(told.evidence).to.deep.equal({ complete: false, failed: [], pending: ['domain_age', 'ssl', 'external'], retry_after_seconds: 12 });
    for (const name of ['domain_age', 'ssl', 'external'] as const) expect(told.signals[name]).to.include({ observed: false, pending: true });
    expect(told.signals.brand).to.not.have.property('pending');
    expect({ score: told.trust_score, level: told.trust_level, action: told.agent_guidance.action }).to.deep.equal({
      score: bare.trust_score,
      level: bare.trust_level,
      action: bare.agent_guidance.action,
    });
    expect(told.agent_guidance.reason).to.match(
      /^This verdict rests on incomplete evidence: domain_age, ssl, external were not looked at yet and score 0\. A look is queued: ask again in 12 s, or add external=true to look now\. Trust score 20 of 100/,
    );
  });

  it('says when the minute’s budget is spent, and points at external=true when no look is queued', () => {
    const bare = assessTrust(brand, NOW);
    expect(withEvidence(bare, { kind: 'waiting', retryAfterSeconds: 70 }, undefined, NOW).agent_guidance.reason).to.contain(
      'The budget of looks is spent for now: ask again in 70 s to have one queued',
    );
    const off = withEvidence(bare, { kind: 'off' }, undefined, NOW);
    expect(off.evidence).to.deep.equal({ complete: false, failed: [], pending: [] });
    expect(off.signals.ssl).to.not.have.property('pending');
    expect(off.agent_guidance.reason).to.match(/^This verdict rests on incomplete evidence: .* Add external=true to look now\./);
  });

  it('calls an answer complete once every signal was looked at, a failed look included, with the age of its oldest observation', () => {
    const failedTls = assessTrust({ ...observed, tls: { error: 'connection_refused' } }, NOW);
    expect(missingSignals(failedTls.signals)).to.deep.equal([]);
    const told = withEvidence(failedTls, { kind: 'none' }, '2026-05-31T12:00:00.000Z', NOW);
    expect(told.evidence).to.deep.equal({
      complete: true,
      failed: ['ssl'],
      pending: [],
      oldest_observed_at: '2026-05-31T12:00:00.000Z',
      oldest_age_seconds: 43_200,
    });
    expect(told.agent_guidance.action).to.equal(failedTls.agent_guidance.action);
    expect(told.agent_guidance.reason).to.match(
      /^The last look at ssl \(connection_refused\) failed, so it scores 0 and the score is a lower bound: add external=true to look again\. /,
    );
    const clean = withEvidence(assessTrust(observed, NOW), { kind: 'none' }, '2026-05-31T12:00:00.000Z', NOW);
    expect(clean.agent_guidance).to.deep.equal(assessTrust(observed, NOW).agent_guidance);
  });

  it('counts a stale observation as not looked at', () => {
    const stale = assessTrust({ ...observed, registeredAt: { error: 'stale', observedAt: '2026-01-01T00:00:00.000Z' } }, NOW);
    expect(missingSignals(stale.signals)).to.deep.equal(['domain_age']);
  });

  it('scores a catalog brand with its age, certificate and mail records at MEDIUM, not BLOCK', () => {
    const result = withEvidence(assessTrust(observed, NOW), { kind: 'none' }, '2026-05-31T12:00:00.000Z', NOW);
    expect(result).to.deep.include({ trust_score: 51, trust_level: 'MEDIUM' });
    expect(result.agent_guidance.action).to.equal('CAUTION');
    expect(result.evidence?.complete).to.equal(true);
  });
});
