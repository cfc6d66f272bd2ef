import { expect } from 'chai';
import { checkCounterparty } from '../../../../src/domain/trust/check-counterparty.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const GOOD = {
  registeredAt: '2015-03-01T00:00:00Z',
  tls: { valid: true, validTo: '2026-12-01T00:00:00Z', observedAt: '2026-05-31T00:00:00Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' as const } },
};

describe('checkCounterparty, the one-call question of the domain library', () => {
  it('proceeds for a verified name whose signals were all looked at and are good', () => {
    const check = checkCounterparty('Shop.Example.com.', { ...GOOD, registry: { kind: 'verified', level: 'enterprise' } }, NOW);
    if (!check.ok) throw new Error(check.reason);
    expect(check.domain).to.equal('shop.example.com');
    expect(check.assessment.agent_guidance.action).to.equal('PROCEED');
  });

  it('flags a lookalike of a catalog brand, naming it, whatever else is good', () => {
    const check = checkCounterparty('paypa1.com', GOOD, NOW);
    if (!check.ok) throw new Error(check.reason);
    expect(check.brand.lookalikeOf).to.equal('paypal.com');
    expect(check.assessment.agent_guidance.action).to.equal('FLAG');
  });

  it('lets a popularity standing clear a popular name, unless it was registered after the list', () => {
    const popularity = { source: 'a test list', bucket: 1000, asOf: '2026-05-01' };
    const popular = checkCounterparty('amazontrust.com', { popularity }, NOW);
    const plain = checkCounterparty('amazontrust.com', {}, NOW);
    const caught = checkCounterparty('amazontrust.com', { popularity, registeredAt: '2026-05-20T00:00:00Z' }, NOW);
    if (!popular.ok || !plain.ok || !caught.ok) throw new Error('refused');
    expect(plain.brand.lookalikeOf).to.equal('amazon.com');
    expect(popular.brand.lookalikeOf).to.equal(null);
    expect(caught.brand.lookalikeOf).to.equal('amazon.com');
  });

  it('blocks what the registry blocked, and refuses a malformed name in words', () => {
    const blocked = checkCounterparty('evil-shop.com', { registry: { kind: 'blocked', reason: 'phishing kit' } }, NOW);
    if (!blocked.ok) throw new Error(blocked.reason);
    expect([blocked.assessment.trust_score, blocked.assessment.agent_guidance.action]).to.deep.equal([0, 'BLOCK']);
    const refused = checkCounterparty('https://example.com/login', {}, NOW);
    expect(refused.ok).to.equal(false);
    if (!refused.ok) expect(refused.reason).to.be.a('string').and.not.equal('');
  });
});
