import { expect } from 'chai';
import { capGuidance, GUIDANCE_TABLE, guidanceFor, isLessSevere, TRUST_LEVELS, withReason } from '../../../../src/domain/trust/agent-guidance.js';

describe('agent guidance', () => {
  it('gives PROCEED up to 10,000 USD without a human for VERY_HIGH', () => {
    expect(guidanceFor('VERY_HIGH')).to.deep.equal({
      action: 'PROCEED',
      safe_actions: ['payment', 'data_sharing', 'api_call'],
      max_transaction_usd: 10_000,
      requires_human: false,
    });
  });

  it('gives PROCEED up to 1,000 USD without a human for HIGH', () => {
    expect(guidanceFor('HIGH')).to.deep.equal({
      action: 'PROCEED',
      safe_actions: ['payment', 'data_sharing', 'api_call'],
      max_transaction_usd: 1_000,
      requires_human: false,
    });
  });

  it('gives CAUTION up to 100 USD with a human recommended for MEDIUM', () => {
    expect(guidanceFor('MEDIUM')).to.deep.equal({
      action: 'CAUTION',
      safe_actions: ['api_call', 'data_sharing'],
      max_transaction_usd: 100,
      requires_human: true,
    });
  });

  it('gives FLAG, API calls only, no money, a human and a reason for LOW', () => {
    expect(guidanceFor('LOW')).to.deep.equal({
      action: 'FLAG',
      safe_actions: ['api_call'],
      max_transaction_usd: 0,
      requires_human: true,
      reason: GUIDANCE_TABLE.LOW.defaultReason,
    });
  });

  it('gives BLOCK with nothing allowed and a reason for NONE, which a given reason replaces', () => {
    expect(guidanceFor('NONE')).to.deep.equal({
      action: 'BLOCK',
      safe_actions: [],
      max_transaction_usd: 0,
      requires_human: true,
      reason: GUIDANCE_TABLE.NONE.defaultReason,
    });
    expect(guidanceFor('NONE', 'phishing').reason).to.equal('phishing');
  });

  it('gives no reason for PROCEED or CAUTION even when one is passed', () => {
    expect(guidanceFor('HIGH', 'ignored')).to.not.have.property('reason');
    expect(guidanceFor('MEDIUM', 'ignored')).to.not.have.property('reason');
  });

  it('orders actions PROCEED < CAUTION < FLAG < BLOCK', () => {
    expect(isLessSevere('PROCEED', 'CAUTION')).to.equal(true);
    expect(isLessSevere('CAUTION', 'FLAG')).to.equal(true);
    expect(isLessSevere('FLAG', 'BLOCK')).to.equal(true);
    expect(isLessSevere('FLAG', 'FLAG')).to.equal(false);
    expect(isLessSevere('BLOCK', 'PROCEED')).to.equal(false);
  });

  describe('capGuidance', () => {
    for (const level of ['VERY_HIGH', 'HIGH', 'MEDIUM'] as const) {
      it(`replaces ${level} guidance by the FLAG row with the cap's reason`, () => {
        expect(capGuidance(guidanceFor(level), 'FLAG', 'Imitates paypal.com.')).to.deep.equal({
          action: 'FLAG',
          safe_actions: ['api_call'],
          max_transaction_usd: 0,
          requires_human: true,
          reason: 'Imitates paypal.com.',
        });
      });
    }

    it('keeps FLAG guidance and adds the reason after the one it had', () => {
      const capped = capGuidance(guidanceFor('LOW'), 'FLAG', 'Imitates paypal.com.');
      expect(capped.action).to.equal('FLAG');
      expect(capped.reason).to.equal(`${GUIDANCE_TABLE.LOW.defaultReason} Imitates paypal.com.`);
    });

    it('keeps BLOCK guidance (a cap never makes guidance better)', () => {
      const capped = capGuidance(guidanceFor('NONE', 'Blocked.'), 'FLAG', 'Listed on zen.');
      expect(capped).to.deep.include({ action: 'BLOCK', max_transaction_usd: 0, reason: 'Blocked. Listed on zen.' });
      expect(capped.safe_actions).to.deep.equal([]);
    });

    it('accumulates the reasons of two caps in order, once each', () => {
      const once = capGuidance(guidanceFor('HIGH'), 'FLAG', 'First.');
      const twice = capGuidance(once, 'FLAG', 'Second.');
      expect(twice.reason).to.equal('First. Second.');
      expect(capGuidance(twice, 'FLAG', 'Second.').reason).to.equal('First. Second.');
    });

    it('caps at CAUTION with the MEDIUM row', () => {
      expect(capGuidance(guidanceFor('VERY_HIGH'), 'CAUTION', 'Why.')).to.deep.equal({ ...guidanceFor('MEDIUM'), reason: 'Why.' });
    });
  });

  it('adds a reason to guidance of any action with withReason', () => {
    expect(withReason(guidanceFor('MEDIUM'), 'Expired.')).to.deep.equal({ ...guidanceFor('MEDIUM'), reason: 'Expired.' });
  });

  it('has a row for every trust level', () => {
    expect(Object.keys(GUIDANCE_TABLE).sort()).to.deep.equal([...TRUST_LEVELS].sort());
  });
});
