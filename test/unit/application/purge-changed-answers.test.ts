import { expect } from 'chai';
import { PURGE_BATCH, PurgeChangedAnswers } from '../../../src/application/caching/purge-changed-answers.js';
import { CdnPurgeHandler } from '../../../src/application/jobs/cdn-purge-jobs.js';
import type { CdnPurge } from '../../../src/application/ports/cdn-purge.js';
import type { PurgeBacklog } from '../../../src/application/ports/purge-backlog.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { ImmediateJobQueue } from '../../fakes/immediate-job-queue.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { rejection } from '../../support/rejection.js';

/** The backlog's bookkeeping in memory: owed names in order, claims by owner. */
class MemoryBacklog implements PurgeBacklog {
  readonly owed: string[] = [];
  readonly claims = new Map<string, string[]>();
  readonly settled: string[] = [];

  async claim(owner: string, _now: Date, _lease: number, limit: number): Promise<string[]> {
    const names = this.owed.splice(0, limit);
    if (names.length > 0) this.claims.set(owner, names);
    return names;
  }
  async settle(owner: string): Promise<void> {
    this.settled.push(...(this.claims.get(owner) ?? []));
    this.claims.delete(owner);
  }
  async release(owner: string): Promise<void> {
    this.owed.unshift(...(this.claims.get(owner) ?? []));
    this.claims.delete(owner);
  }
}

describe('PurgeChangedAnswers', () => {
  let backlog: MemoryBacklog;
  let queue: ImmediateJobQueue;
  let sent: string[][];
  let refuse: boolean;
  const cdn: CdnPurge = {
    purge: async (keys) => {
      if (refuse) throw new Error('the CDN purge endpoint cdn.example answered 500');
      sent.push([...keys]);
    },
  };
  const make = (purge?: CdnPurge) => new PurgeChangedAnswers(backlog, queue, new SequentialTokens(), new FixedClock(), new RecordingLogger(), purge);

  beforeEach(() => {
    backlog = new MemoryBacklog();
    queue = new ImmediateJobQueue();
    sent = [];
    refuse = false;
  });

  it('purges the registrable domains of the owed writes, each key once per request, and settles them', async () => {
    backlog.owed.push('shop.example.co.uk', 'example.co.uk', 'alice.github.io', 'a.b.example.com');
    expect(await make(cdn).run()).to.equal(3);
    expect(sent).to.deep.equal([['example.co.uk', 'alice.github.io', 'example.com']]);
    expect(backlog.settled).to.have.length(4);
    expect(await make(cdn).run(), 'nothing owed any more').to.equal(0);
    expect(sent).to.have.length(1);
  });

  it(`sends a request per batch of ${PURGE_BATCH} writes`, async () => {
    backlog.owed.push(...Array.from({ length: PURGE_BATCH + 1 }, (_, i) => `n${i}.example.com`), 'other.org');
    await make(cdn).run();
    expect(sent).to.deep.equal([['example.com'], ['example.com', 'other.org']]);
  });

  it('gives the writes back and fails when the endpoint refuses, so that the retry sends them', async () => {
    backlog.owed.push('a.example.com');
    refuse = true;
    expect((await rejection<Error>(make(cdn).run())).message).to.contain('answered 500');
    expect(backlog.owed).to.deep.equal(['a.example.com']);
    expect(backlog.settled).to.deep.equal([]);
    refuse = false;
    await make(cdn).run();
    expect(sent).to.deep.equal([['example.com']]);
  });

  it('without a purge endpoint queues, claims and schedules nothing', async () => {
    backlog.owed.push('a.example.com');
    const off = make();
    await off.changed();
    expect(await off.run()).to.equal(0);
    expect(queue.enqueued).to.deep.equal([]);
    expect(backlog.owed).to.deep.equal(['a.example.com']);
    expect(new CdnPurgeHandler(off, new RecordingLogger()).schedule).to.equal(undefined);
    const on = make(cdn);
    await on.changed();
    expect(queue.enqueued.map((job) => job.kind)).to.deep.equal(['cdn.purge']);
    expect(new CdnPurgeHandler(on, new RecordingLogger()).schedule).to.deep.equal({ everySeconds: 60, data: {} });
  });
});
