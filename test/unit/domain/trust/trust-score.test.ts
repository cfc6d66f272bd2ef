import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { judgeRegistry } from '../../../../src/domain/registry-verdict.js';
import { guidanceFor } from '../../../../src/domain/trust/agent-guidance.js';
import { registryInputOf, type TrustInputs } from '../../../../src/domain/trust/trust-inputs.js';
import { assessTrust } from '../../../../src/domain/trust/trust-score.js';
import { aBlock, anEntity } from '../../../support/builders.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');

// 40 + 20 + 15 + 10 + 15: everything observed and at its maximum.
const best: TrustInputs = {
  registry: { kind: 'verified', level: 'enterprise' },
  brand: { knownBrand: true, lookalikeOf: null, reason: null },
  registeredAt: '2000-01-01T00:00:00.000Z',
  tls: { valid: true, validTo: '2026-09-01T00:00:00.000Z', observedAt: '2026-05-31T00:00:00.000Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' } },
};
const unknownBrand = { knownBrand: false, lookalikeOf: null, reason: null } as const;
const lookalike = { knownBrand: false, lookalikeOf: 'paypal.com', reason: 'paypa1.com spells paypal.com with look-alike characters.' } as const;

describe('trust assessment', () => {
  it('adds the five signals up to 100, VERY_HIGH, PROCEED', () => {
    const result = assessTrust(best, NOW);
    expect(result.trust_score).to.equal(100);
    expect(result.trust_level).to.equal('VERY_HIGH');
    expect(result.agent_guidance).to.deep.equal(guidanceFor('VERY_HIGH'));
    expect(Object.keys(result.signals)).to.deep.equal(['registry', 'brand', 'domain_age', 'ssl', 'external']);
    expect(Object.values(result.signals).map((s) => [s.score, s.max])).to.deep.equal([
      [40, 40],
      [20, 20],
      [15, 15],
      [10, 10],
      [15, 15],
    ]);
  });

  it('scores 0, NONE when nothing is known, and flags rather than blocks: the 40 points not looked at could make it LOW', () => {
    const result = assessTrust({ registry: { kind: 'not_verified' }, brand: unknownBrand, registeredAt: null, tls: null, external: null }, NOW);
    expect(result.trust_score).to.equal(0);
    expect(result.trust_level).to.equal('NONE');
    expect(result.agent_guidance).to.deep.equal(
      guidanceFor(
        'LOW',
        'Trust score 0 of 100 (NONE). Held down by: registry 0 of 40 (not a verified entity), brand 0 of 20 (not a catalog brand). ' +
          'Not looked at: domain_age, ssl, external, 0 of 40 until looked at. ' +
          'What would raise it: registering the domain with Vetted and proving control of it (registry, up to 40 points). ' +
          'Not enough was looked at to block: the 40 points not looked at could bring the score to 40 (LOW). Send to human review, or ask again once the looks are done.',
      ),
    );
    expect(Object.values(result.signals).map((s) => s.observed)).to.deep.equal([true, true, false, false, false]);
    expect(Object.values(result.signals).map((s) => s.reason === undefined)).to.deep.equal([true, true, false, false, false]);
  });

  it('flags a catalog brand whose age and certificate could not be looked at (20 observed, 25 at stake), as a resolver that knows nothing would leave google.com', () => {
    const brand = { knownBrand: true, lookalikeOf: null, reason: null } as const;
    const failed = { error: 'unavailable' } as const;
    // No blocklist configured, and DNS answered no SPF or DMARC: external observed, 0 of 15.
    const external = {
      blocklists: { error: 'not_configured' },
      spf: { published: false },
      dmarc: { published: false },
      readiness: { value: 'unknown' },
    } as const;
    const result = assessTrust({ registry: { kind: 'not_verified' }, brand, registeredAt: failed, tls: failed, external }, NOW);
    expect(result).to.deep.include({ trust_score: 20, trust_level: 'NONE' });
    expect(result.agent_guidance).to.deep.include({ action: 'FLAG', max_transaction_usd: 0, requires_human: true, safe_actions: ['api_call'] });
    expect(result.agent_guidance.reason).to.match(/could bring the score to 45 \(LOW\)/);
  });

  it('blocks a NONE score when everything was looked at, or when the points not looked at could not lift it out of NONE', () => {
    const young = '2026-01-01T00:00:00.000Z';
    const badTls = { valid: false, validTo: null, observedAt: '2026-05-31T00:00:00.000Z' } as const;
    const bare = { blocklists: { error: 'not_configured' }, spf: { published: false }, dmarc: { published: false }, readiness: { value: 'unknown' } } as const;
    const observed = assessTrust({ registry: { kind: 'not_verified' }, brand: unknownBrand, registeredAt: young, tls: badTls, external: bare }, NOW);
    expect(observed).to.deep.include({ trust_score: 0, trust_level: 'NONE' });
    expect(observed.agent_guidance.action).to.equal('BLOCK');
    // ssl alone unobserved: 0 + 10 stays NONE.
    const sslOnly = assessTrust({ registry: { kind: 'not_verified' }, brand: unknownBrand, registeredAt: young, tls: null, external: bare }, NOW);
    expect(sslOnly.agent_guidance.action).to.equal('BLOCK');
    expect(sslOnly.agent_guidance.reason).not.to.contain('Not enough was looked at');
  });

  it('names the signals that held the score down below PROCEED, most points lost first, and gives no reason at PROCEED', () => {
    const verified = { ...best, registry: { kind: 'verified', level: 'verified' }, brand: unknownBrand, registeredAt: '2020-01-01T00:00:00.000Z' } as const;
    const low = assessTrust({ ...verified, external: { error: 'timeout' } }, NOW);
    expect(low).to.deep.include({ trust_score: 46, trust_level: 'LOW' });
    expect(low.agent_guidance).to.deep.include({
      action: 'FLAG',
      reason:
        'Trust score 46 of 100 (LOW). Held down by: brand 0 of 20 (not a catalog brand), ' +
        'registry 30 of 40 (level verified), domain_age 6 of 15 (registered 6 full years ago). Not looked at: external (timeout), 0 of 15 until looked at. ' +
        'What would raise it: a higher verification level (registry, up to 10 points); time: one point for each full year of registration, up to 15 (domain_age, now 6).',
    });
    const medium = assessTrust({ ...verified, tls: { valid: false, validTo: null, observedAt: '2026-05-31T00:00:00.000Z' } }, NOW);
    expect(medium).to.deep.include({ trust_score: 51, trust_level: 'MEDIUM' });
    expect(medium.agent_guidance).to.deep.include({ action: 'CAUTION', max_transaction_usd: 100 });
    expect(medium.agent_guidance.reason).to.contain('ssl 0 of 10 (certificate not valid)');
    expect(assessTrust(best, NOW).agent_guidance).to.not.have.property('reason');
    expect(assessTrust({ ...verified, registeredAt: '2000-01-01T00:00:00.000Z' }, NOW).agent_guidance).to.not.have.property('reason');
  });

  it('reaches each level from the signals: 30 + 15 + 10 + 15 = 70 is HIGH, without external 55 is MEDIUM', () => {
    const verified = { ...best, registry: { kind: 'verified', level: 'verified' }, brand: unknownBrand } as const;
    expect(assessTrust(verified, NOW)).to.deep.include({ trust_score: 70, trust_level: 'HIGH' });
    expect(assessTrust({ ...verified, external: null }, NOW)).to.deep.include({ trust_score: 55, trust_level: 'MEDIUM' });
    expect(assessTrust({ ...verified, registry: { kind: 'verified', level: 'basic' }, external: null }, NOW)).to.deep.include({
      trust_score: 45,
      trust_level: 'LOW',
    });
  });

  it('caps a lookalike at FLAG, the reason naming the brand it imitates, without changing score or level', () => {
    const result = assessTrust({ ...best, brand: lookalike }, NOW);
    expect(result).to.deep.include({ trust_score: 80, trust_level: 'HIGH' });
    expect(result.signals.brand).to.deep.include({ score: 0, known_brand: false, lookalike_of: 'paypal.com' });
    expect(result.agent_guidance).to.deep.equal({
      action: 'FLAG',
      safe_actions: ['api_call'],
      max_transaction_usd: 0,
      requires_human: true,
      reason: 'Possible impersonation of paypal.com: paypa1.com spells paypal.com with look-alike characters.',
    });
  });

  it('caps a mixed-script name without a brand at FLAG too', () => {
    const mixed = { knownBrand: false, lookalikeOf: null, reason: 'xn--e1aa.com mixes Latin and Cyrillic letters in one label.' };
    expect(assessTrust({ ...best, brand: mixed }, NOW).agent_guidance).to.deep.include({
      action: 'FLAG',
      reason: 'Possible impersonation: xn--e1aa.com mixes Latin and Cyrillic letters in one label.',
    });
  });

  it('caps a blocklist listing at FLAG, naming the lists, and scores external 0', () => {
    const listed = { ...best.external, blocklists: { listedOn: ['dbl.spamhaus.org'] } } as TrustInputs['external'];
    const result = assessTrust({ ...best, external: listed }, NOW);
    expect(result).to.deep.include({ trust_score: 85, trust_level: 'HIGH' });
    expect(result.signals.external.score).to.equal(0);
    expect(result.agent_guidance).to.deep.include({ action: 'FLAG', max_transaction_usd: 0, reason: 'Listed on the DNS blocklist dbl.spamhaus.org.' });
  });

  it('gives both reasons when a lookalike is also listed', () => {
    const listed = { ...best.external, blocklists: { listedOn: ['a.example', 'b.example'] } } as TrustInputs['external'];
    const reason = assessTrust({ ...best, brand: lookalike, external: listed }, NOW).agent_guidance.reason;
    expect(reason).to.equal(
      'Possible impersonation of paypal.com: paypa1.com spells paypal.com with look-alike characters. Listed on the DNS blocklists a.example, b.example.',
    );
  });

  it('keeps BLOCK for a low-scoring lookalike and adds the reason', () => {
    const result = assessTrust({ registry: { kind: 'not_verified' }, brand: lookalike, registeredAt: null, tls: null, external: null }, NOW);
    expect(result.agent_guidance.action).to.equal('BLOCK');
    expect(result.agent_guidance.reason).to.contain('Possible impersonation of paypal.com');
  });

  it('scores an expired verification as not verified and says so in the guidance', () => {
    const result = assessTrust({ ...best, registry: { kind: 'expired', level: 'enterprise', expiresAt: '2026-05-01T00:00:00.000Z' } }, NOW);
    expect(result).to.deep.include({ trust_score: 60, trust_level: 'MEDIUM' });
    expect(result.signals.registry).to.deep.include({ score: 0, verified: false, error: 'expired' });
    expect(result.agent_guidance).to.deep.equal({
      ...guidanceFor('MEDIUM'),
      reason:
        'Trust score 60 of 100 (MEDIUM). Held down by: registry 0 of 40 (expired). What would raise it: renewing the registry verification (registry, up to 40 points). ' +
        'The registry verification expired at 2026-05-01T00:00:00.000Z; scored as not verified.',
    });
  });

  it('scores a blocked name 0, NONE, BLOCK with the block reason', () => {
    const result = assessTrust({ ...best, registry: { kind: 'blocked', reason: 'Phishing kit.' } }, NOW);
    expect(result).to.deep.include({ trust_score: 0, trust_level: 'NONE' });
    expect(result.agent_guidance).to.deep.equal(guidanceFor('NONE', 'Phishing kit.'));
  });

  it('takes its registry input from a registry verdict', () => {
    const entity = anEntity({ level: 'enterprise', expiresAt: '2026-05-01T00:00:00.000Z' });
    const name = domainName('example.com');
    expect(registryInputOf(judgeRegistry(name, { entities: [entity], blocks: [] }, new Date('2026-04-01T00:00:00Z')))).to.deep.equal({
      kind: 'verified',
      level: 'enterprise',
    });
    expect(registryInputOf(judgeRegistry(name, { entities: [entity], blocks: [] }, NOW))).to.deep.equal({
      kind: 'expired',
      level: 'enterprise',
      expiresAt: '2026-05-01T00:00:00.000Z',
    });
    expect(registryInputOf(judgeRegistry(name, { entities: [], blocks: [aBlock('example.com', 'x')] }, NOW))).to.deep.equal({ kind: 'blocked', reason: 'x' });
    expect(registryInputOf(judgeRegistry(name, { entities: [], blocks: [] }, NOW))).to.deep.equal({ kind: 'not_verified' });
  });

  it('serializes to the contract field names', () => {
    const json = JSON.parse(JSON.stringify(assessTrust(best, NOW))) as Record<string, unknown>;
    expect(Object.keys(json)).to.deep.equal(['trust_score', 'trust_level', 'signals', 'agent_guidance']);
    expect(json['signals']).to.have.nested.property('registry.verified', true);
    expect(json['signals']).to.have.nested.property('brand.known_brand', true);
    expect(json['signals']).to.have.nested.property('domain_age.years', 26);
    expect(json['signals']).to.have.nested.property('ssl.days_to_expiry', 92);
    expect(json['signals']).to.have.nested.property('external.checks.spf.published', true);
  });
});
