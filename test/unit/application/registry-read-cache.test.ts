import { expect } from 'chai';
import type { DomainRecords } from '../../../src/application/ports/registry-reader.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { aBlock } from '../../support/builders.js';

const RECORDS: DomainRecords = { entities: [], blocks: [aBlock('example.com')], latestReport: undefined };

describe('RegistryReadCache', () => {
  let clock: FixedClock;
  let cache: RegistryReadCache;
  const cached = (...names: string[]) => names.filter((n) => cache.get(domainName(n)) !== undefined);
  const put = (...names: string[]) => {
    for (const n of names) cache.set(domainName(n), RECORDS, 60);
  };

  beforeEach(() => {
    clock = new FixedClock();
    cache = new RegistryReadCache(clock);
  });

  describe('forget', () => {
    const ALL = ['example.com', 'shop.example.com', 'a.b.example.com', 'notexample.com', 'example.org', 'example.com.au', 'other.co.uk'];

    it('drops the name and every cached subdomain of it, and keeps unrelated names', () => {
      put(...ALL);
      cache.forget(['example.com']);
      expect(cached(...ALL)).to.deep.equal(['notexample.com', 'example.org', 'example.com.au', 'other.co.uk']);
      expect(cache.size).to.equal(4);
    });

    it('drops only the subtree of a subdomain, not its parents or siblings', () => {
      put('example.com', 'b.example.com', 'a.b.example.com', 'ab.example.com', 'c.example.com');
      cache.forget(['b.example.com']);
      expect(cached('example.com', 'b.example.com', 'a.b.example.com', 'ab.example.com', 'c.example.com')).to.deep.equal([
        'example.com',
        'ab.example.com',
        'c.example.com',
      ]);
    });

    it('handles multi-label public suffixes and several names at once, and ignores names never cached', () => {
      put('shop.other.co.uk', 'other.co.uk', 'another.co.uk', 'example.com.au', 'www.example.com.au');
      cache.forget(['other.co.uk', 'www.example.com.au', 'never.example.net']);
      expect(cached('shop.other.co.uk', 'other.co.uk', 'another.co.uk', 'example.com.au', 'www.example.com.au')).to.deep.equal([
        'another.co.uk',
        'example.com.au',
      ]);
    });

    it('keeps working after entries expired or were evicted (the index follows the entries)', () => {
      put('example.com', 'shop.example.com');
      clock.advance(61);
      expect(cached('example.com')).to.deep.equal([]);
      put('example.com');
      cache.forget(['example.com']);
      expect(cache.size).to.equal(0);
      put('shop.example.com');
      expect(cached('shop.example.com')).to.deep.equal(['shop.example.com']);
    });

    it('forgets among 50,000 cached names in well under a millisecond per name', () => {
      for (let i = 0; i < 50_000; i++) cache.set(domainName(`host${i}.site${i % 5000}.com`), RECORDS, 60);
      const started = performance.now();
      for (let i = 0; i < 1000; i++) cache.forget([`site${i}.com`]);
      const perName = (performance.now() - started) / 1000;
      expect(cache.size).to.equal(40_000);
      expect(perName).to.be.below(0.5);
    });
  });

  describe('readThrough', () => {
    it('reads a name once while it is cached, and does not cache a read a change overtook', async () => {
      let reads = 0;
      const read = async () => (reads++, RECORDS);
      const name = domainName('shop.example.com');
      expect((await cache.readThrough(name, read, () => 60)).hit).to.equal(false);
      expect(await cache.readThrough(name, read, () => 60)).to.deep.equal({ value: RECORDS, hit: true });
      expect(reads).to.equal(1);
      cache.forget(['example.com']);
      const overtaken = cache.readThrough(
        name,
        async () => (cache.forget(['example.com']), RECORDS),
        () => 60,
      );
      expect((await overtaken).hit).to.equal(false);
      expect(cached('shop.example.com'), 'a write landed during the read').to.deep.equal([]);
      await cache.readThrough(name, read, () => 0);
      expect(cached('shop.example.com'), 'a ttl of 0 caches nothing').to.deep.equal([]);
    });
  });

  describe('set with a read stamp', () => {
    it('refuses records read before the name or a parent was forgotten, and takes them otherwise', () => {
      const stamp = cache.stamp();
      cache.forget(['example.com']);
      cache.set(domainName('shop.example.com'), RECORDS, 60, stamp);
      cache.set(domainName('example.org'), RECORDS, 60, stamp);
      expect(cached('shop.example.com', 'example.org')).to.deep.equal(['example.org']);
      cache.set(domainName('shop.example.com'), RECORDS, 60, cache.stamp());
      expect(cached('shop.example.com')).to.deep.equal(['shop.example.com']);
    });

    it('refuses records read before a clear, and records stamped before forgotten names it no longer remembers', () => {
      const beforeClear = cache.stamp();
      cache.clear();
      cache.set(domainName('example.org'), RECORDS, 60, beforeClear);
      expect(cache.size).to.equal(0);
      const early = cache.stamp();
      for (let i = 0; i < 10_001; i++) cache.forget([`n${i}.example.net`]);
      cache.set(domainName('unrelated.example.org'), RECORDS, 60, early);
      expect(cache.size).to.equal(0);
    });
  });

  it('evicts the oldest name at 50,000 and keeps a name that is only refreshed', () => {
    for (let i = 0; i < 50_000; i++) cache.set(domainName(`n${i}.example.com`), RECORDS, 60);
    cache.set(domainName('n49999.example.com'), RECORDS, 60);
    expect(cache.size).to.equal(50_000);
    cache.set(domainName('new.example.org'), RECORDS, 60);
    expect(cache.size).to.equal(50_000);
    expect(cached('n0.example.com', 'n1.example.com', 'new.example.org')).to.deep.equal(['n1.example.com', 'new.example.org']);
    cache.forget(['example.com']);
    expect(cache.size).to.equal(1);
  });

  it('keeps at most 5,000 names nothing is stored under, the oldest going first, without pushing out names the registry knows', () => {
    const NOTHING: DomainRecords = { entities: [], blocks: [], latestReport: undefined };
    put('known.example.com');
    for (let i = 0; i <= 5000; i++) cache.set(domainName(`new${i}.example.org`), NOTHING, 60);
    expect(cache.size).to.equal(5001);
    expect(cached('known.example.com', 'new0.example.org', 'new1.example.org', 'new5000.example.org')).to.deep.equal([
      'known.example.com',
      'new1.example.org',
      'new5000.example.org',
    ]);
    // A name whose value is no longer empty counts with the others.
    put('new1.example.org');
    cache.set(domainName('new5001.example.org'), NOTHING, 60);
    expect(cached('new1.example.org', 'new2.example.org')).to.deep.equal(['new1.example.org', 'new2.example.org']);
  });
});
