import { expect } from 'chai';
import type { CounterpartyBindings } from '../../src/application/ports/counterparty-bindings.js';
import type { CounterpartyFact } from '../../src/domain/counterparty/declaration.js';

export interface BindingsSubject {
  readonly store: CounterpartyBindings;
  /** Another handle on the same store, as another instance would have (real stores only). */
  readonly second?: () => Promise<{ store: CounterpartyBindings; dispose(): Promise<void> }>;
  /** Stores an entity the bindings may name (real stores need its row). */
  entity(id: string, domain: string): Promise<{ id: string; name: string; domain: string }>;
  dispose(): Promise<void>;
}

const PAY: CounterpartyFact = {
  kind: 'pay_to',
  key: 'eip155:8453:0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
  value: 'eip155:8453:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
};
const OTHER: CounterpartyFact = {
  kind: 'pay_to',
  key: 'eip155:1:0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
  value: 'eip155:1:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
};
const KEY: CounterpartyFact = { kind: 'key', key: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs', value: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs' };
const T1 = '2026-11-01T00:00:00.000Z';
const T2 = '2026-11-20T00:00:00.000Z';

/** The behaviour every CounterpartyBindings adapter must have. */
export function counterpartyBindingsContract(make: () => Promise<BindingsSubject>): void {
  let s: BindingsSubject;
  afterEach(async () => s?.dispose());

  it('binds declared facts since the first declaration, keeps their date while declared, and ends the ones dropped', async () => {
    s = await make();
    const shop = await s.entity('ent_shopaaaa01', 'shop.example.com');
    const first = await s.store.replace('declared', shop, [PAY, KEY], '_vetted-counterparty.shop.example.com', T1);
    expect(first.added.map((b) => [b.kind, b.value, b.since, b.how])).to.deep.equal([
      ['pay_to', PAY.value, T1, 'declared'],
      ['key', KEY.value, T1, 'declared'],
    ]);
    const second = await s.store.replace('declared', shop, [PAY, OTHER], '_vetted-counterparty.shop.example.com', T2);
    expect(second.added.map((b) => b.key)).to.deep.equal([OTHER.key]);
    expect(second.removed.map((b) => b.key)).to.deep.equal([KEY.key]);
    expect((await s.store.find('pay_to', PAY.key)).map((b) => [b.entityId, b.since])).to.deep.equal([[shop.id, T1]]);
    expect(await s.store.find('key', KEY.key)).to.deep.equal([]);
    expect((await s.store.ofEntity(shop.id)).map((b) => b.key)).to.deep.equal([PAY.key, OTHER.key]);
    expect(await s.store.replace('declared', shop, [PAY, OTHER], 'x', T2)).to.deep.equal({ added: [], removed: [] });
  });

  it('keeps declared and observed bindings apart: replacing one source leaves the other', async () => {
    s = await make();
    const shop = await s.entity('ent_shopdddd05', 'd-shop.example.com');
    await s.store.replace('declared', shop, [PAY], 'txt', T1);
    // Given twice (two probes saw it): bound once.
    await s.store.replace('observed', shop, [PAY, OTHER, PAY], 'https://vetted.example/reports/rpt_1', T1);
    const observed = await s.store.replace('observed', shop, [], 'https://vetted.example/reports/rpt_2', T2);
    expect(observed.removed.map((b) => [b.key, b.how]).sort()).to.deep.equal([
      [OTHER.key, 'observed'],
      [PAY.key, 'observed'],
    ]);
    expect((await s.store.ofEntity(shop.id)).map((b) => [b.key, b.how])).to.deep.equal([[PAY.key, 'declared']]);
  });

  it('finds a fact bound to two entities under both, and ends all of one entity’s bindings at once', async () => {
    s = await make();
    const a = await s.entity('ent_shopaaaa02', 'a-shop.example.com');
    const b = await s.entity('ent_shopbbbb03', 'b-shop.example.com');
    await s.store.replace('declared', a, [PAY], 'a', T1);
    await s.store.replace('declared', b, [PAY, KEY], 'b', T2);
    expect((await s.store.find('pay_to', PAY.key)).map((x) => x.domain)).to.deep.equal(['a-shop.example.com', 'b-shop.example.com']);
    expect((await s.store.unbindAll(b.id, T2)).map((x) => x.key).sort()).to.deep.equal([KEY.key, PAY.key].sort());
    expect((await s.store.find('pay_to', PAY.key)).map((x) => x.domain)).to.deep.equal(['a-shop.example.com']);
    expect(await s.store.unbindAll(b.id, T2)).to.deep.equal([]);
  });

  it('binds a fact once when two instances replace the same entity’s declaration at the same moment', async function () {
    s = await make();
    if (!s.second) return this.skip();
    const other = await s.second();
    try {
      const shop = await s.entity('ent_shopcccc04', 'c-shop.example.com');
      await Promise.all([s.store.replace('declared', shop, [PAY, KEY], 'c', T1), other.store.replace('declared', shop, [PAY, KEY], 'c', T1)]);
      expect((await s.store.ofEntity(shop.id)).map((b) => b.key)).to.deep.equal([PAY.key, KEY.key]);
    } finally {
      await other.dispose();
    }
  });
}
