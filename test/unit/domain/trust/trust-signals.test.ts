import { expect } from 'chai';
import { brandSignal, domainAgeSignal, fullYearsBetween, registrySignal, SIGNAL_MAX, sslSignal } from '../../../../src/domain/trust/trust-signals.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const daysBefore = (days: number): string => new Date(NOW.getTime() - days * DAY).toISOString();

describe('trust signals', () => {
  it('have maxima adding up to 100', () => {
    expect(SIGNAL_MAX).to.deep.equal({ registry: 40, brand: 20, domain_age: 15, ssl: 10, external: 15 });
    expect(Object.values(SIGNAL_MAX).reduce((a, b) => a + b, 0)).to.equal(100);
  });

  describe('registry', () => {
    it('scores basic 20, verified 30, enterprise 40', () => {
      expect(registrySignal({ kind: 'verified', level: 'basic' })).to.deep.equal({ score: 20, max: 40, observed: true, verified: true, level: 'basic' });
      expect(registrySignal({ kind: 'verified', level: 'verified' })).to.deep.include({ score: 30, verified: true, level: 'verified' });
      expect(registrySignal({ kind: 'verified', level: 'enterprise' })).to.deep.include({ score: 40, verified: true, level: 'enterprise' });
    });

    it('scores 0 when not verified', () => {
      expect(registrySignal({ kind: 'not_verified' })).to.deep.equal({ score: 0, max: 40, observed: true, verified: false, level: null });
    });

    it('scores an expired verification as not verified, with the error expired', () => {
      expect(registrySignal({ kind: 'expired', level: 'enterprise', expiresAt: '2026-01-01T00:00:00.000Z' })).to.deep.equal({
        score: 0,
        max: 40,
        observed: true,
        error: 'expired',
        reason: 'The registry verification expired at 2026-01-01T00:00:00.000Z; scored as not verified.',
        verified: false,
        level: null,
      });
    });

    it('scores 0 for a blocked name, with the error blocked', () => {
      expect(registrySignal({ kind: 'blocked', reason: 'phishing' })).to.deep.include({ score: 0, error: 'blocked', verified: false });
    });
  });

  describe('brand', () => {
    it('scores 20 for a known brand', () => {
      expect(brandSignal({ knownBrand: true, lookalikeOf: null, reason: null })).to.deep.equal({
        score: 20,
        max: 20,
        observed: true,
        known_brand: true,
        lookalike_of: null,
        lookalike_brand: null,
      });
    });

    it('scores 0 for other names and names the brand a lookalike imitates', () => {
      expect(brandSignal({ knownBrand: false, lookalikeOf: null, reason: null })).to.deep.include({ score: 0, known_brand: false, lookalike_of: null });
      expect(brandSignal({ knownBrand: false, lookalikeOf: 'paypal.com', reason: 'typo' })).to.deep.include({ score: 0, lookalike_of: 'paypal.com' });
    });
  });

  describe('domain age', () => {
    it('gives 0 for 364 days and 1 for 365 days in a year without 29 February', () => {
      expect(domainAgeSignal(daysBefore(364), NOW)).to.deep.equal({ score: 0, max: 15, observed: true, years: 0 });
      expect(domainAgeSignal(daysBefore(365), NOW)).to.deep.equal({ score: 1, max: 15, observed: true, years: 1 });
    });

    it('counts full years only: one millisecond before the anniversary is a year less', () => {
      expect(domainAgeSignal('2021-06-01T00:00:00.001Z', NOW)).to.deep.include({ score: 4, years: 4 });
      expect(domainAgeSignal('2021-06-01T00:00:00.000Z', NOW)).to.deep.include({ score: 5, years: 5 });
    });

    it('gives 15 for 15 years and stays at 15 for 20 years, reporting the real years', () => {
      expect(domainAgeSignal('2011-06-01T00:00:00.000Z', NOW)).to.deep.include({ score: 15, years: 15 });
      expect(domainAgeSignal('2006-06-01T00:00:00.000Z', NOW)).to.deep.include({ score: 15, years: 20 });
    });

    it('puts the anniversary of 29 February on 1 March', () => {
      expect(fullYearsBetween(new Date('2024-02-29T00:00:00Z'), new Date('2025-02-28T23:59:59Z'))).to.equal(0);
      expect(fullYearsBetween(new Date('2024-02-29T00:00:00Z'), new Date('2025-03-01T00:00:00Z'))).to.equal(1);
    });

    it('counts a registration in the future as 0 years', () => {
      expect(domainAgeSignal('2027-01-01T00:00:00.000Z', NOW)).to.deep.include({ score: 0, observed: true, years: 0 });
    });

    it('is not observed without a date, after a failed lookup or with an unreadable date', () => {
      expect(domainAgeSignal(null, NOW)).to.deep.equal({
        score: 0,
        max: 15,
        observed: false,
        reason: 'Not observed: no observation is stored for this name; ask again with external=true to look now.',
        years: null,
      });
      expect(domainAgeSignal({ error: 'no_rdap_server' }, NOW)).to.deep.equal({
        score: 0,
        max: 15,
        observed: false,
        error: 'no_rdap_server',
        reason: "Not observed: looking up the domain's registration date (RDAP) failed (no_rdap_server).",
        years: null,
      });
      expect(domainAgeSignal('yesterday', NOW)).to.deep.include({ observed: false, error: 'invalid_date' });
    });
  });

  describe('ssl', () => {
    const observedAt = '2026-05-31T00:00:00.000Z';

    it('scores 10 for a valid certificate and counts whole days to its expiry', () => {
      expect(sslSignal({ valid: true, validTo: '2026-07-01T12:00:00.000Z', observedAt }, NOW)).to.deep.equal({
        score: 10,
        max: 10,
        observed: true,
        valid: true,
        days_to_expiry: 30,
      });
    });

    it('scores 0 for a certificate that did not validate', () => {
      expect(sslSignal({ valid: false, validTo: '2026-07-01T00:00:00.000Z', observedAt }, NOW)).to.deep.include({ score: 0, observed: true, valid: false });
      expect(sslSignal({ valid: false, validTo: null, observedAt }, NOW)).to.deep.include({ score: 0, valid: false, days_to_expiry: null });
    });

    it('scores 0 for a certificate that validated when observed but has expired since', () => {
      expect(sslSignal({ valid: true, validTo: '2026-05-31T12:00:00.000Z', observedAt }, NOW)).to.deep.equal({
        score: 0,
        max: 10,
        observed: true,
        error: 'expired',
        reason: 'The certificate expired at 2026-05-31T12:00:00.000Z.',
        valid: false,
        days_to_expiry: -1,
      });
    });

    it('is not observed without an observation or after a failed handshake', () => {
      expect(sslSignal(null, NOW)).to.deep.equal({
        score: 0,
        max: 10,
        observed: false,
        reason: 'Not observed: the name has no reachable scan and no live check is stored; ask again with external=true to look now.',
        valid: null,
        days_to_expiry: null,
      });
      expect(sslSignal({ error: 'timeout' }, NOW)).to.deep.include({ score: 0, observed: false, error: 'timeout' });
    });
  });
});
