import { expect } from 'chai';
import { ApiKeys } from '../../../src/application/access/api-keys.js';
import type { StoredApiKey } from '../../../src/application/ports/api-key-store.js';
import { InMemoryAccess } from '../../fakes/in-memory-access.js';
import { Latch } from '../../support/latch.js';
import { rejection } from '../../support/rejection.js';

const ID = 'key_00000001';
const OTHER = 'key_00000002';

/** The fake whose reads can be held: a held read sees the store as it was asked, and answers when the latch opens. */
class HeldAccess extends InMemoryAccess {
  readonly finds: string[] = [];
  latch: Latch | undefined;
  readFailure: Error | undefined;

  override async find(id: string): Promise<StoredApiKey | undefined> {
    this.finds.push(id);
    const seen = this.keys.get(id);
    const [latch, failure] = [this.latch, this.readFailure];
    if (latch) await latch.opened;
    if (failure) throw failure;
    return seen;
  }
}

function aKey(id: string): Omit<StoredApiKey, 'revokedAt'> {
  return { id, keyHash: `hash-of-${id}`, tier: 'pro', name: 'Example Corp', entityId: null, createdAt: '2026-09-01T12:00:00.000Z' };
}

describe('ApiKeys', () => {
  let access: HeldAccess;
  let keys: ApiKeys;
  /** Holds the reads asked from now on until the returned latch opens. */
  const hold = () => (access.latch = new Latch());
  const revoke = (id: string) => access.revoke(id, '2026-09-01T13:00:00.000Z');

  beforeEach(async () => {
    access = new HeldAccess();
    keys = new ApiKeys(access);
    await access.create(aKey(ID));
    await access.create(aKey(OTHER));
  });

  it('reads once for concurrent finds of one id, and answers them all', async () => {
    const latch = hold();
    const first = keys.find(ID);
    const second = keys.find(ID);
    const other = keys.find(OTHER);

    expect(first).to.be.instanceOf(Promise);
    expect(second).to.equal(first);
    expect(access.finds).to.deep.equal([ID, OTHER]);
    latch.open();
    expect((await first)?.id).to.equal(ID);
    expect((await second)?.id).to.equal(ID);
    expect((await other)?.id).to.equal(OTHER);
  });

  it('answers a key it read at once, without a promise and without another read', async () => {
    const read = await keys.find(ID);
    const cached = keys.find(ID);

    expect(cached).to.not.be.instanceOf(Promise);
    expect(cached).to.deep.equal({ ...aKey(ID), revokedAt: null });
    expect(cached).to.equal(read);
    expect(access.finds).to.deep.equal([ID]);
  });

  it('keeps nothing for an id the store does not hold: each find reads it', async () => {
    expect(await keys.find('key_zzzzzzzz')).to.equal(undefined);
    expect(await keys.find('key_zzzzzzzz')).to.equal(undefined);
    expect(access.finds).to.deep.equal(['key_zzzzzzzz', 'key_zzzzzzzz']);
  });

  it('keeps nothing from a failed read, and reads again at the next find', async () => {
    access.readFailure = new Error('connection reset');
    expect((await rejection<Error>(Promise.resolve(keys.find(ID)))).message).to.equal('connection reset');
    access.readFailure = undefined;
    expect((await keys.find(ID))?.id).to.equal(ID);
    expect(access.finds).to.deep.equal([ID, ID]);
  });

  describe('forget', () => {
    beforeEach(async () => {
      await keys.find(ID);
      await keys.find(OTHER);
      await revoke(ID);
    });

    it('drops the key a key:<id> change names, so the next find reads what changed', async () => {
      keys.forget([`key:${ID}`]);

      const found = keys.find(ID);
      expect(found).to.be.instanceOf(Promise);
      expect((await found)?.revokedAt).to.equal('2026-09-01T13:00:00.000Z');
      expect(keys.find(OTHER), 'another key stays').to.not.be.instanceOf(Promise);
      expect(access.finds).to.deep.equal([ID, OTHER, ID]);
    });

    it('ignores names that are not key changes', () => {
      keys.forget([ID, 'example.com', 'key', `KEY:${ID}`, `keys:${ID}`, ` key:${ID}`, 'key:', `key:${ID}x`]);

      expect(keys.find(ID)).to.deep.include({ id: ID, revokedAt: null });
      expect(access.finds).to.deep.equal([ID, OTHER]);
    });
  });

  describe('a change while a read is out', () => {
    it('keeps nothing from a read a key:<id> change was told during', async () => {
      const latch = hold();
      const reading = keys.find(ID);
      await revoke(ID);
      keys.forget([`key:${ID}`]);
      latch.open();

      expect((await reading)?.revokedAt, 'what the read saw, before the change').to.equal(null);
      access.latch = undefined;
      const next = keys.find(ID);
      expect(next, 'nothing was kept').to.be.instanceOf(Promise);
      expect((await next)?.revokedAt).to.equal('2026-09-01T13:00:00.000Z');
      expect(keys.find(ID), 'the fresh read is kept').to.not.be.instanceOf(Promise);
      expect(access.finds).to.deep.equal([ID, ID]);
    });

    it('keeps a read that only names other than keys changed during, but none that any key changed during (keys change rarely)', async () => {
      let latch = hold();
      let reading = keys.find(ID);
      keys.forget(['example.com', 'shop.example.org']);
      latch.open();
      await reading;
      expect(keys.find(ID)).to.not.be.instanceOf(Promise);

      keys.clear();
      latch = hold();
      reading = keys.find(ID);
      keys.forget([`key:${OTHER}`]);
      latch.open();
      await reading;
      access.latch = undefined;
      expect(keys.find(ID)).to.be.instanceOf(Promise);
    });

    it('does not hand a read that began before a change to whoever asks after it', async () => {
      const latch = hold();
      const before = keys.find(ID);
      await revoke(ID);
      keys.forget([`key:${ID}`]);
      access.latch = undefined;
      const after = keys.find(ID);
      expect(after).to.not.equal(before);
      expect((await after)?.revokedAt).to.equal('2026-09-01T13:00:00.000Z');
      latch.open();
      expect((await before)?.revokedAt).to.equal(null);
      expect(keys.find(ID), 'the later read is kept, the earlier one did not overwrite it').to.deep.include({ revokedAt: '2026-09-01T13:00:00.000Z' });
    });

    it('keeps nothing from a read out during clear(), and clear() drops every cached key', async () => {
      await keys.find(OTHER);
      const latch = hold();
      const reading = keys.find(ID);
      keys.clear();
      latch.open();
      await reading;

      access.latch = undefined;
      expect(keys.find(ID), 'the read predates the clear').to.be.instanceOf(Promise);
      expect(keys.find(OTHER), 'cleared').to.be.instanceOf(Promise);
      await Promise.all([keys.find(ID), keys.find(OTHER)]);
      expect(keys.find(ID), 'a read after the clear is kept').to.not.be.instanceOf(Promise);
      expect(access.finds).to.deep.equal([OTHER, ID, ID, OTHER]);
    });

    it('forgets a changed key once: a later read of it is kept again', async () => {
      const latch = hold();
      const reading = keys.find(ID);
      keys.forget([`key:${ID}`]);
      latch.open();
      await reading;
      access.latch = undefined;

      await keys.find(ID);
      expect(keys.find(ID)).to.not.be.instanceOf(Promise);
    });
  });
});
