import { expect } from 'chai';
import { normaliseOrganisation } from '../../../../src/domain/trust/organisation-name.js';
import type { OwnershipCheck } from '../../../../src/domain/trust/ownership.js';
import { isRecentCheck, ownershipEvidence, withOwnership, type OwningBrand } from '../../../../src/domain/trust/ownership-evidence.js';
import type { BrandFinding } from '../../../../src/domain/trust/trust-inputs.js';
import { brandSignal } from '../../../../src/domain/trust/trust-signals.js';
import { assessTrust } from '../../../../src/domain/trust/trust-score.js';

const GOOGLE: OwningBrand = { main: 'google.com', domains: ['google.com', 'google.de', 'gstatic.com', 'googleusercontent.com'] };
const NOW = new Date('2026-09-01T12:00:00.000Z');
const LOOKALIKE: BrandFinding = { knownBrand: false, lookalikeOf: 'google.com', reason: 'google-cdn.com combines the name of google.com with other words.' };
const check = (over: Partial<OwnershipCheck> = {}): OwnershipCheck => ({
  domain: 'google-cdn.com',
  brand: 'google.com',
  checkedAt: '2026-09-01T00:00:00.000Z',
  evidence: [],
  unanswered: [],
  ...over,
});

describe('ownership evidence', () => {
  describe('from the served certificate', () => {
    it('finds a valid certificate for the name that also covers a name of the brand', () => {
      const evidence = ownershipEvidence('google-cdn.com', GOOGLE, {
        certificate: { valid: true, names: ['google-cdn.com', '*.google.com', 'GSTATIC.COM', 'other.example'] },
      });
      expect(evidence).to.deep.equal([{ kind: 'tls_certificate', detail: 'the certificate for google-cdn.com also covers *.google.com, gstatic.com' }]);
    });

    it('counts any registrable domain the brand owns, and names at most three', () => {
      const names = ['google-cdn.com', 'a.google.de', 'b.google.de', 'c.gstatic.com', 'd.googleusercontent.com'];
      const [found] = ownershipEvidence('google-cdn.com', GOOGLE, { certificate: { valid: true, names } });
      expect(found!.detail).to.equal('the certificate for google-cdn.com also covers a.google.de, b.google.de, c.gstatic.com and 1 more');
    });

    it('ignores a certificate that did not validate for the name, one without a brand name, and no certificate', () => {
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { certificate: { valid: false, names: ['google-cdn.com', 'google.com'] } })).to.deep.equal([]);
      expect(
        ownershipEvidence('google-cdn.com', GOOGLE, { certificate: { valid: true, names: ['google-cdn.com', 'google.com.evil.example', 'notgoogle.com'] } }),
      ).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { certificate: null })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, {})).to.deep.equal([]);
    });
  });

  describe('from RDAP registrants', () => {
    it('finds the same organisation as the brand main domain’s, however it is written', () => {
      const evidence = ownershipEvidence('mail.google-cdn.com', GOOGLE, { registrant: 'GOOGLE, Inc.', brandRegistrant: 'Google LLC' });
      expect(evidence).to.deep.equal([{ kind: 'registrant', detail: 'the RDAP registrant of google-cdn.com is the registrant of google.com, Google LLC' }]);
    });

    it('never matches a different organisation, a redaction, or a missing registrant', () => {
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { registrant: 'Goggle Ltd', brandRegistrant: 'Google LLC' })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { registrant: 'REDACTED FOR PRIVACY', brandRegistrant: 'REDACTED FOR PRIVACY' })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { registrant: 'Google LLC', brandRegistrant: null })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { registrant: null, brandRegistrant: 'Google LLC' })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { registrant: 'Google LLC' })).to.deep.equal([]);
    });

    it('normalises case, accents, punctuation and legal forms, and refuses placeholders', () => {
      expect(normaliseOrganisation('PayPal, Inc.')).to.equal('paypal');
      expect(normaliseOrganisation('  Société Générale S.A. ')).to.equal('societe generale');
      expect(normaliseOrganisation('Google L.L.C.')).to.equal('google');
      expect(normaliseOrganisation('The Coca-Cola Company')).to.equal('coca cola');
      expect(normaliseOrganisation('AT&T Corp.')).to.equal('at and t');
      for (const placeholder of [
        'REDACTED FOR PRIVACY',
        'Domains By Proxy, LLC',
        'Data Protected',
        'Contact Privacy Inc. Customer 0123',
        'Statutory Masking Enabled',
        'N/A',
        '',
        '   ',
        'Inc.',
      ]) {
        expect(normaliseOrganisation(placeholder), placeholder).to.equal(null);
      }
      expect(normaliseOrganisation(undefined)).to.equal(null);
    });
  });

  describe('from nameservers', () => {
    it('finds a zone served only by nameservers under the brand’s domains', () => {
      const evidence = ownershipEvidence('www.google-cdn.com', GOOGLE, { nameservers: ['NS2.GOOGLE.COM.', 'ns1.google.com', 'ns1.google.com'] });
      expect(evidence).to.deep.equal([
        { kind: 'nameservers', detail: 'google-cdn.com is served by the nameservers of google.com: ns1.google.com, ns2.google.com' },
      ]);
    });

    it('needs every nameserver to be the brand’s, and at least one', () => {
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { nameservers: ['ns1.google.com', 'ns1.example-dns.net'] })).to.deep.equal([]);
      expect(ownershipEvidence('google-cdn.com', GOOGLE, { nameservers: [] })).to.deep.equal([]);
    });

    it('ignores nameservers a brand runs for other people’s zones', () => {
      const cloudflare: OwningBrand = { main: 'cloudflare.com', domains: ['cloudflare.com'] };
      expect(ownershipEvidence('cloudflare-login.com', cloudflare, { nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] })).to.deep.equal([]);
      expect(ownershipEvidence('cloudflare-cdn.com', cloudflare, { nameservers: ['ns3.cloudflare.com', 'ns4.cloudflare.com'] })).to.have.length(1);
    });
  });

  it('gathers every kind found, in a fixed order', () => {
    const evidence = ownershipEvidence('google-cdn.com', GOOGLE, {
      certificate: { valid: true, names: ['google-cdn.com', 'google.com'] },
      registrant: 'Google LLC',
      brandRegistrant: 'Google LLC',
      nameservers: ['ns1.google.com'],
    });
    expect(evidence.map((e) => e.kind)).to.deep.equal(['tls_certificate', 'registrant', 'nameservers']);
  });
});

describe('withOwnership', () => {
  it('makes a lookalike with evidence a known brand owned by the brand, and says why', () => {
    const evidence = [{ kind: 'tls_certificate' as const, detail: 'the certificate for google-cdn.com also covers google.com' }];
    const finding = withOwnership(LOOKALIKE, 'google.com', check({ evidence }), NOW);
    expect(finding).to.deep.include({
      knownBrand: true,
      ownedBy: 'google.com',
      ownership: { status: 'owned', checkedAt: '2026-09-01T00:00:00.000Z', evidence },
    });
    expect(brandSignal(finding)).to.deep.equal({
      score: 20,
      max: 20,
      observed: true,
      known_brand: true,
      lookalike_of: null,
      lookalike_brand: null,
      owned_by: 'google.com',
      ownership: {
        status: 'owned',
        checked_at: '2026-09-01T00:00:00.000Z',
        evidence: [{ kind: 'tls_certificate', detail: 'the certificate for google-cdn.com also covers google.com' }],
      },
    });
    const assessed = assessTrust({ registry: { kind: 'not_verified' }, brand: finding, registeredAt: null, tls: null, external: null }, NOW);
    expect(assessed.agent_guidance.reason).not.to.contain('impersonation');
  });

  it('keeps the lookalike verdict when a check found nothing', () => {
    const finding = withOwnership(LOOKALIKE, 'google.com', check(), NOW);
    expect(brandSignal(finding)).to.deep.include({
      score: 0,
      known_brand: false,
      lookalike_of: 'google.com',
      ownership: { status: 'not_owned', checked_at: '2026-09-01T00:00:00.000Z' },
    });
    expect(brandSignal(finding)).not.to.have.property('owned_by');
    const assessed = assessTrust({ registry: { kind: 'not_verified' }, brand: finding, registeredAt: null, tls: null, external: null }, NOW);
    expect(assessed.agent_guidance.reason).to.contain('Possible impersonation of google.com');
  });

  it('says the ownership is not yet checked without a usable check, and why', () => {
    const none = brandSignal(withOwnership(LOOKALIKE, 'google.com', undefined, NOW));
    expect(none).to.deep.include({ score: 0, known_brand: false, lookalike_of: 'google.com' });
    expect(none.ownership).to.deep.equal({
      status: 'not_checked',
      reason:
        'Whether google.com owns this name is not yet checked (its certificate, RDAP registrant and nameservers); a check is queued, ask again later or with external=true.',
    });
    const old = withOwnership(LOOKALIKE, 'google.com', check({ checkedAt: '2026-08-01T00:00:00.000Z', evidence: [{ kind: 'nameservers', detail: 'x' }] }), NOW);
    expect(old).to.deep.include({ knownBrand: false });
    expect(old.ownership).to.deep.equal({
      status: 'not_checked',
      reason:
        'Whether google.com owns this name was last checked at 2026-08-01T00:00:00.000Z, too long ago to rely on; a new check is queued, ask again later or with external=true.',
    });
    const otherBrand = withOwnership(LOOKALIKE, 'google.com', check({ brand: 'youtube.com', evidence: [{ kind: 'nameservers', detail: 'x' }] }), NOW);
    expect(otherBrand.ownership?.status).to.equal('not_checked');
    const unanswered = withOwnership(LOOKALIKE, 'google.com', undefined, NOW, ['tls', 'rdap']);
    expect(unanswered.ownership).to.deep.equal({
      status: 'not_checked',
      reason:
        'Whether google.com owns this name is not yet checked: the look at its certificate, its RDAP registrant did not answer in time; a check is queued, ask again later.',
    });
  });

  it('leaves catalog brands and names resembling no brand as they are', () => {
    const known: BrandFinding = { knownBrand: true, lookalikeOf: null, reason: null };
    const plain: BrandFinding = { knownBrand: false, lookalikeOf: null, reason: null };
    const mixed: BrandFinding = { knownBrand: false, lookalikeOf: null, reason: 'mixes Latin and Cyrillic letters in one label.' };
    for (const finding of [known, plain, mixed])
      expect(withOwnership(finding, 'google.com', check({ evidence: [{ kind: 'nameservers', detail: 'x' }] }), NOW)).to.equal(finding);
    expect(brandSignal(plain)).not.to.have.property('ownership');
  });

  it('calls a check of the same brand from the last day recent, and nothing else', () => {
    expect(isRecentCheck(check(), 'google.com', NOW)).to.equal(true);
    expect(isRecentCheck(check({ checkedAt: '2026-08-31T12:00:00.000Z' }), 'google.com', NOW)).to.equal(false);
    expect(isRecentCheck(check({ brand: 'youtube.com' }), 'google.com', NOW)).to.equal(false);
    expect(isRecentCheck(undefined, 'google.com', NOW)).to.equal(false);
  });
});
