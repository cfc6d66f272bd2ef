import { expect } from 'chai';
import { ChangePropagation } from '../../../src/application/caching/change-propagation.js';
import type { DomainRecords } from '../../../src/application/ports/registry-reader.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import type { DetectEvents } from '../../../src/application/watches/detect-events.js';
import type { PurgeChangedAnswers } from '../../../src/application/caching/purge-changed-answers.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { ManualChangeFeed } from '../../fakes/manual-change-feed.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';

const RECORDS: DomainRecords = { entities: [], blocks: [], latestReport: undefined };

describe('ChangePropagation', () => {
  let feed: ManualChangeFeed;
  let cache: RegistryReadCache;
  let observations: ObservationCache;
  let ownership: OwnershipCache;
  let logger: RecordingLogger;
  let propagation: ChangePropagation;
  let looks: string[];
  let purges: number;
  const cached = (...names: string[]) => names.filter((n) => cache.get(domainName(n)) !== undefined);
  const observed = (...names: string[]) => names.filter((n) => observations.get(domainName(n)) !== undefined);
  const ownershipRead = (...names: string[]) => names.filter((n) => ownership.get(domainName(n)) !== undefined);

  beforeEach(() => {
    feed = new ManualChangeFeed();
    cache = new RegistryReadCache(new FixedClock());
    logger = new RecordingLogger();
    observations = new ObservationCache(new FixedClock());
    looks = [];
    purges = 0;
    const purger = { changed: async () => void purges++ } as unknown as PurgeChangedAnswers;
    const events = {
      changed: async (names: readonly string[]) => void looks.push(...names),
      sweep: async () => void looks.push('sweep'),
    } as unknown as DetectEvents;
    ownership = new OwnershipCache(new FixedClock());
    propagation = new ChangePropagation(feed, [cache, observations, ownership], events, purger, logger);
    for (const name of ['example.com', 'shop.example.com', 'notexample.com', 'example.org']) {
      cache.set(domainName(name), RECORDS, 3600);
      observations.set(domainName(name), {}, 3600);
      ownership.set(domainName(name), { check: undefined }, 3600);
    }
  });

  it('forgets each changed name with its subdomains, and nothing else, in every cache', async () => {
    await propagation.start();
    feed.emit('example.com');
    expect(cached('example.com', 'shop.example.com', 'notexample.com', 'example.org')).to.deep.equal(['notexample.com', 'example.org']);
    expect(observed('example.com', 'shop.example.com', 'notexample.com', 'example.org')).to.deep.equal(['notexample.com', 'example.org']);
    expect(ownershipRead('example.com', 'shop.example.com', 'notexample.com', 'example.org')).to.deep.equal(['notexample.com', 'example.org']);
    // The same write asks for a look at the watched domains under the name, and for a CDN purge.
    expect(looks).to.deep.equal(['example.com']);
    expect(purges).to.equal(1);
  });

  it('clears the whole cache when the feed may have missed changes, and says so once', async () => {
    await propagation.start();
    feed.reset();
    expect([cache.size, observations.size, ownership.size]).to.deep.equal([0, 0, 0]);
    expect(purges, 'the owed purges are in the database: one job sends them').to.equal(1);
    expect(logger.entries.filter((e) => e.level === 'info').map((e) => e.message)).to.deep.equal(['registry changes may have been missed; cache cleared']);
  });

  it('does nothing before start or after stop, and stops the feed', async () => {
    feed.emit('example.com');
    expect(cache.size).to.equal(4);
    await propagation.start();
    await propagation.stop();
    feed.emit('example.org');
    feed.reset();
    expect(cache.size).to.equal(4);
    expect([feed.starts, feed.stops]).to.deep.equal([1, 1]);
  });
});
