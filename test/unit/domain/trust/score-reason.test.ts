import { expect } from 'chai';
import { raiseSegment, scoreReason } from '../../../../src/domain/trust/score-reason.js';
import type { TrustInputs } from '../../../../src/domain/trust/trust-inputs.js';
import { assessTrust } from '../../../../src/domain/trust/trust-score.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const unknownBrand = { knownBrand: false, lookalikeOf: null, reason: null } as const;
const shop: TrustInputs = {
  registry: { kind: 'not_verified' },
  brand: unknownBrand,
  registeredAt: '1996-01-01T00:00:00.000Z',
  tls: { valid: true, validTo: '2026-09-01T00:00:00.000Z', observedAt: '2026-05-31T00:00:00.000Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' } },
};
const signals = (inputs: TrustInputs) => assessTrust(inputs, NOW).signals;

describe('the score reason', () => {
  it('never lists a signal at its maximum as holding the score down, nor as a way to raise it', () => {
    const reason = scoreReason(40, 'LOW', signals(shop));
    expect(reason).to.equal(
      'Trust score 40 of 100 (LOW). Held down by: registry 0 of 40 (not a verified entity), brand 0 of 20 (not a catalog brand). ' +
        'What would raise it: registering the domain with Vetted and proving control of it (registry, up to 40 points).',
    );
    for (const full of ['domain_age', 'ssl', 'external']) expect(reason).not.to.contain(full);
  });

  it('names a certificate, mail records and a ready scan, each with its points', () => {
    const raise = raiseSegment(
      signals({
        ...shop,
        tls: { valid: false, validTo: null, observedAt: '2026-05-31T00:00:00.000Z' },
        external: { blocklists: { listedOn: [] }, spf: { published: false }, dmarc: { published: false }, readiness: { value: 'limited' } },
      }),
    );
    expect(raise).to.equal(
      'What would raise it: registering the domain with Vetted and proving control of it (registry, up to 40 points); ' +
        'a valid, unexpired certificate for this name on port 443 (ssl, 10 points); an SPF record (external, 3 points); ' +
        'a DMARC record (external, 3 points); a scan of the site that is ready (external, up to 2 points).',
    );
  });

  it('names the blocklists to leave, a higher level, renewal and time', () => {
    const listed = {
      blocklists: { listedOn: ['dbl.example.org'] },
      spf: { published: true },
      dmarc: { published: true },
      readiness: { value: 'ready' },
    } as const;
    expect(raiseSegment(signals({ ...shop, external: listed }))).to.contain('removal from the DNS blocklist dbl.example.org (external, up to 15 points)');
    const young = { ...shop, registry: { kind: 'verified', level: 'basic' }, registeredAt: '2024-01-01T00:00:00.000Z' } as const;
    expect(raiseSegment(signals(young))).to.equal(
      'What would raise it: a higher verification level (registry, up to 20 points); time: one point for each full year of registration, up to 15 (domain_age, now 2).',
    );
    const expired = { ...shop, registry: { kind: 'expired', level: 'verified', expiresAt: '2026-05-01T00:00:00.000Z' } } as const;
    expect(raiseSegment(signals(expired))).to.contain('renewing the registry verification');
  });

  it('keeps what was not looked at apart from what would raise the score', () => {
    const reason = scoreReason(20, 'NONE', signals({ ...shop, registeredAt: null, tls: { error: 'timeout' }, external: null }));
    expect(reason).to.contain('Not looked at: domain_age, ssl (timeout), external, 0 of 40 until looked at.');
    expect(reason.slice(reason.indexOf('What would raise it:'))).not.to.match(/domain_age|ssl|external/);
  });
});
