import { expect } from 'chai';
import { CONTRACT_QUOTAS, QUOTA_WINDOW_SECONDS, TIERS, quotaStanding, secondsToNextUtcDay, utcDayOf } from '../../../src/domain/access/tier.js';

const NOON = new Date('2026-09-01T12:00:00.000Z');

describe('tiers', () => {
  it('lists the contract tiers and quotas: free 1,000, pro 100,000, enterprise unlimited', () => {
    expect(TIERS).to.deep.equal(['free', 'pro', 'enterprise']);
    expect(CONTRACT_QUOTAS).to.deep.equal({ free: 1000, pro: 100_000, enterprise: null });
    expect(QUOTA_WINDOW_SECONDS).to.equal(86_400);
  });

  describe('quotaStanding', () => {
    it('counts the remaining requests down to 0 and is exhausted from the quota on', () => {
      const remaining = [0, 1, 2, 3, 4].map((used) => quotaStanding('free', 3, used, NOON));
      expect(remaining.map((s) => [s.remaining, s.exhausted])).to.deep.equal([
        [2, false],
        [1, false],
        [0, false],
        [0, true],
        [0, true],
      ]);
    });

    it('says the tier, the quota and the seconds to the next UTC midnight', () => {
      expect(quotaStanding('pro', 5, 1, NOON)).to.deep.equal({ tier: 'pro', quota: 5, remaining: 3, resetSeconds: 43_200, exhausted: false });
      expect(quotaStanding('free', 5, 5, NOON)).to.deep.equal({ tier: 'free', quota: 5, remaining: 0, resetSeconds: 43_200, exhausted: true });
    });

    it('refuses the first request of a quota of 0', () => {
      expect(quotaStanding('free', 0, 0, NOON)).to.include({ remaining: 0, exhausted: true });
    });

    it('never exhausts an unlimited quota, and has no remaining count for it', () => {
      for (const used of [0, 1000, Number.MAX_SAFE_INTEGER]) {
        expect(quotaStanding('enterprise', null, used, NOON)).to.deep.equal({
          tier: 'enterprise',
          quota: null,
          remaining: null,
          resetSeconds: 43_200,
          exhausted: false,
        });
      }
    });
  });

  describe('secondsToNextUtcDay', () => {
    it('rounds a part of a second up, so the last half second before midnight is 1', () => {
      expect(secondsToNextUtcDay(new Date('2026-09-01T23:59:59.500Z'))).to.equal(1);
      expect(secondsToNextUtcDay(new Date('2026-09-01T23:59:59.999Z'))).to.equal(1);
      expect(secondsToNextUtcDay(new Date('2026-09-01T23:59:58.999Z'))).to.equal(2);
    });

    it('is a whole day at midnight and just after it', () => {
      expect(secondsToNextUtcDay(new Date('2026-09-02T00:00:00.000Z'))).to.equal(86_400);
      expect(secondsToNextUtcDay(new Date('2026-09-02T00:00:00.001Z'))).to.equal(86_400);
      expect(secondsToNextUtcDay(new Date('2026-09-02T00:00:01.000Z'))).to.equal(86_399);
    });

    it('crosses month and year ends and leap days in UTC, whatever the offset the instant was written with', () => {
      expect(secondsToNextUtcDay(new Date('2026-12-31T23:00:00Z'))).to.equal(3600);
      expect(secondsToNextUtcDay(new Date('2028-02-28T23:59:00Z'))).to.equal(60);
      expect(secondsToNextUtcDay(new Date('2028-02-29T12:00:00Z'))).to.equal(43_200);
      expect(secondsToNextUtcDay(new Date('2026-09-01T20:00:00-05:00'))).to.equal(86_400 - 3600);
    });
  });

  describe('utcDayOf', () => {
    it('is the UTC date of the instant', () => {
      expect(utcDayOf(NOON)).to.equal('2026-09-01');
      expect(utcDayOf(new Date('2026-09-01T00:00:00.000Z'))).to.equal('2026-09-01');
      expect(utcDayOf(new Date('2026-09-01T23:59:59.999Z'))).to.equal('2026-09-01');
      expect(utcDayOf(new Date('2026-09-01T20:00:00-05:00'))).to.equal('2026-09-02');
      expect(utcDayOf(new Date('2026-09-02T01:00:00+02:00'))).to.equal('2026-09-01');
      expect(utcDayOf(new Date('2028-02-29T12:00:00Z'))).to.equal('2028-02-29');
    });
  });
});
