import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { guidanceFor } from '../../../../src/domain/trust/agent-guidance.js';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { relateToExpected, withExpected } from '../../../../src/domain/trust/expected-counterparty.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';
import type { TrustAssessment } from '../../../../src/domain/trust/trust-score.js';

const catalog = BrandCatalog.standard();
const detector = new LookalikeDetector(catalog);
const relation = (name: string, expected: string) => relateToExpected(domainName(name), domainName(expected), detector.judge(name), catalog);

describe('the counterparty an agent meant', () => {
  it('answers same, same_owner, lookalike and unrelated, each with why', () => {
    expect(relation('www.google.com', 'google.com').relation).to.equal('same');
    expect(relation('google.de', 'google.com')).to.deep.include({ domain: 'google.com', relation: 'same_owner' });
    expect(relation('google.de', 'google.com').evidence[0]).to.contain('one organisation (google.com)');
    const typo = relation('goog1e.com', 'google.com');
    expect(typo.relation).to.equal('lookalike');
    expect(typo.evidence[0]).to.match(/goog1e\.com .*google\.com.*\(rule: homoglyph\)/);
    expect(relation('example.org', 'google.com').relation).to.equal('unrelated');
    expect(relation('paypa1.com', 'google.com').relation, 'a lookalike of another brand is unrelated to this one').to.equal('unrelated');
  });

  it('ties a name to the brand that stored ownership evidence shows owns it', () => {
    const finding = {
      knownBrand: true,
      lookalikeOf: null,
      reason: null,
      ownedBy: 'paypal.com',
      ownership: { status: 'owned', checkedAt: '2026-12-01T00:00:00.000Z', evidence: [{ kind: 'tls_certificate', detail: 'one certificate covers both' }] },
    } as const;
    const related = relateToExpected(domainName('paypal-cdn.com'), domainName('paypal.com'), finding, catalog);
    expect(related.relation).to.equal('same_owner');
    expect(related.evidence).to.include('one certificate covers both');
  });

  it('caps the guidance at FLAG for a lookalike and CAUTION for an unrelated name, and leaves the rest alone', () => {
    const proceed = { trust_score: 100, trust_level: 'VERY_HIGH', agent_guidance: guidanceFor('VERY_HIGH') } as unknown as TrustAssessment;
    expect(withExpected(proceed, relation('goog1e.com', 'google.com'), 'goog1e.com').agent_guidance.action).to.equal('FLAG');
    const unrelated = withExpected(proceed, relation('example.org', 'google.com'), 'example.org').agent_guidance;
    expect(unrelated.action).to.equal('CAUTION');
    expect(unrelated.reason).to.contain('You expected google.com, and nothing ties example.org to it');
    expect(withExpected(proceed, relation('google.de', 'google.com'), 'google.de')).to.equal(proceed);
  });
});
