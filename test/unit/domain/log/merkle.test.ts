import { expect } from 'chai';
import { createHash } from 'node:crypto';
import {
  consistencyProof,
  emptyTreeHash,
  inclusionProof,
  leafHash,
  rootOfLeaves,
  storedHashCount,
  storedHashesForRecord,
  storedHashIndex,
  treeHash,
  verifyConsistency,
  verifyInclusion,
  type Hash,
  type HashReader,
  type Sha256,
} from '../../../../src/domain/log/merkle.js';

const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const unhex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'));
const hexes = (hashes: readonly Hash[]): string[] => hashes.map(hex);

// RFC 6962 test vectors, data only, from repository transparency-dev/merkle: the leaves, node
// hashes and roots from testonly/constants.go (LeafInputs, NodeHashes, RootHashes); the proofs from
// proof/verify_test.go (inclusionProofs, consistencyProofs), whose 1-based leaf numbers are made
// 0-based indexes here. The same vectors are in google/certificate-transparency's C++ tests.
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const NODES = [
  [
    '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
    '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
    '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
    'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
    'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
    '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
  ],
  [
    'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
    'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
  ],
  ['d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'],
  ['5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328'],
];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: Array<{ index: number; size: number; proof: string[] }> = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];
const CONSISTENCY: Array<{ from: number; to: number; proof: string[] }> = [
  { from: 1, to: 1, proof: [] },
  {
    from: 1,
    to: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 6,
    to: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    from: 2,
    to: 5,
    proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'],
  },
  {
    from: 6,
    to: 7,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

/** An append-only array of stored hashes, as a database would hold them; counts reads. */
class HashStore {
  readonly hashes: Hash[] = [];
  readonly leaves: Hash[] = [];
  reads = 0;
  highest = -1;
  readonly read: HashReader = async (indexes) => {
    this.reads++;
    this.highest = Math.max(this.highest, ...indexes);
    return indexes.map((i) => this.hashes[i] ?? expect.fail(`stored hash ${i} was never written`));
  };
  async append(entry: Uint8Array): Promise<void> {
    const n = this.leaves.length;
    expect(this.hashes.length).to.equal(storedHashCount(n));
    const added = await storedHashesForRecord(sha256, n, entry, this.read);
    this.hashes.push(...added);
    this.leaves.push(added[0]!);
  }
}

async function vectorStore(): Promise<HashStore> {
  const store = new HashStore();
  for (const leaf of LEAVES) await store.append(unhex(leaf));
  return store;
}

const flipped = (hash: Hash): Hash[] => [...hash].map((_, b) => hash.map((byte, i) => (i === b ? byte ^ 0x80 : byte)));

// Every proof that differs from a valid one by one byte or one element.
function corruptions(proof: readonly Hash[]): Hash[][] {
  const out: Hash[][] = [];
  const other = sha256(new TextEncoder().encode('not in the tree'));
  proof.forEach((hash, i) => {
    for (const changed of flipped(hash)) out.push(proof.map((h, j) => (j === i ? changed : h)));
    out.push(proof.filter((_, j) => j !== i));
    out.push(proof.map((h, j) => (j === i ? other : h)));
    out.push([...proof.slice(0, i), hash, ...proof.slice(i)]);
    if (i + 1 < proof.length) out.push([...proof.slice(0, i), proof[i + 1]!, hash, ...proof.slice(i + 2)]);
  });
  for (let i = 0; i <= proof.length; i++) out.push([...proof.slice(0, i), other, ...proof.slice(i)]);
  out.push([...proof, new Uint8Array(0)], [new Uint8Array(0), ...proof]);
  return out;
}

describe('Merkle tree math (RFC 6962 / RFC 9162)', () => {
  it('hashes leaves, empty trees and roots as the published vectors do', () => {
    const leaves = LEAVES.map((leaf) => leafHash(sha256, unhex(leaf)));
    expect(hexes(leaves)).to.deep.equal(NODES[0]);
    expect(hex(emptyTreeHash(sha256))).to.equal(ROOTS[0]);
    for (let size = 0; size <= 8; size++) expect(hex(rootOfLeaves(sha256, leaves.slice(0, size))), `size ${size}`).to.equal(ROOTS[size]);
  });

  it('stores every complete subtree hash where storedHashIndex says, and rebuilds every root from them', async () => {
    const store = await vectorStore();
    expect(store.hashes).to.have.length(storedHashCount(8)).and.length(15);
    for (const [l, level] of NODES.entries())
      for (const [n, node] of level.entries()) expect(hex(store.hashes[storedHashIndex(l, n)]!), `(${l}, ${n})`).to.equal(node);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => storedHashIndex(0, n))).to.deep.equal([0, 1, 3, 4, 7, 8, 10, 11]);
    expect([storedHashIndex(1, 0), storedHashIndex(1, 1), storedHashIndex(2, 0), storedHashIndex(3, 0)]).to.deep.equal([2, 5, 6, 14]);
    for (let size = 0; size <= 8; size++) expect(hex(await treeHash(sha256, size, store.read)), `size ${size}`).to.equal(ROOTS[size]);
  });

  it('builds and accepts the published inclusion proofs, and rejects every altered proof, leaf, root, index and size', async () => {
    const store = await vectorStore();
    for (const { index, size, proof: expected } of INCLUSION) {
      const at = `leaf ${index} of ${size}`;
      const proof = await inclusionProof(index, size, store.read, sha256);
      expect(hexes(proof), at).to.deep.equal(expected);
      const leaf = store.leaves[index]!;
      const root = unhex(ROOTS[size]!);
      expect(verifyInclusion(sha256, index, size, leaf, proof, root), at).to.equal(true);
      for (const wrong of corruptions(proof)) expect(verifyInclusion(sha256, index, size, leaf, wrong, root), at).to.equal(false);
      for (const wrong of flipped(leaf)) expect(verifyInclusion(sha256, index, size, wrong, proof, root), at).to.equal(false);
      for (const wrong of flipped(root)) expect(verifyInclusion(sha256, index, size, leaf, proof, wrong), at).to.equal(false);
      // Go's probes: another index, or a size whose audit path has another length.
      for (const [i, s] of [
        [index - 1, size],
        [index + 1, size],
        [index ^ 2, size],
        [index, size * 2],
        [index, Math.floor(size / 2)],
        [index, 0],
        [size, size],
        [0.5, size],
        [index, size + 0.5],
      ] as const) {
        expect(verifyInclusion(sha256, i, s, leaf, proof, root), `${at} as ${i} of ${s}`).to.equal(false);
      }
      expect(verifyInclusion(sha256, index, size, leaf.subarray(1), proof, root), at).to.equal(false);
    }
  });

  it('builds and accepts the published consistency proofs, and rejects every altered proof, root and size', async () => {
    const store = await vectorStore();
    for (const { from, to, proof: expected } of CONSISTENCY) {
      const at = `${from} to ${to}`;
      const proof = await consistencyProof(from, to, store.read, sha256);
      expect(hexes(proof), at).to.deep.equal(expected);
      const [fromRoot, toRoot] = [unhex(ROOTS[from]!), unhex(ROOTS[to]!)];
      expect(verifyConsistency(sha256, from, to, fromRoot, toRoot, proof), at).to.equal(true);
      if (from === to) continue;
      for (const wrong of corruptions(proof)) expect(verifyConsistency(sha256, from, to, fromRoot, toRoot, wrong), at).to.equal(false);
      for (const wrong of flipped(fromRoot)) expect(verifyConsistency(sha256, from, to, wrong, toRoot, proof), at).to.equal(false);
      for (const wrong of flipped(toRoot)) expect(verifyConsistency(sha256, from, to, fromRoot, wrong, proof), at).to.equal(false);
      expect(verifyConsistency(sha256, from, to, toRoot, fromRoot, proof), `${at} swapped`).to.equal(false);
      expect(verifyConsistency(sha256, from, to, fromRoot, toRoot, []), `${at} empty`).to.equal(false);
      for (const [f, t] of [
        [from - 1, to],
        [from + 1, to],
        [from ^ 2, to],
        [from, to * 2],
        [from, Math.floor(to / 2)],
        [to, from],
        [from, to + 0.5],
      ] as const) {
        expect(verifyConsistency(sha256, f, t, fromRoot, toRoot, proof), `${at} as ${f} to ${t}`).to.equal(false);
      }
    }
  });

  it('takes the empty tree and equal sizes as consistent only with an empty proof and matching roots', () => {
    const [empty, one, two] = [unhex(ROOTS[0]!), unhex(ROOTS[1]!), unhex(ROOTS[2]!)];
    expect(verifyConsistency(sha256, 0, 0, empty, empty, [])).to.equal(true);
    expect(verifyConsistency(sha256, 0, 2, empty, two, [])).to.equal(true);
    expect(verifyConsistency(sha256, 2, 2, two, two, [])).to.equal(true);
    expect(verifyConsistency(sha256, 0, 2, one, two, [])).to.equal(false);
    expect(verifyConsistency(sha256, 0, 0, empty, two, [])).to.equal(false);
    expect(verifyConsistency(sha256, 0, 2, empty, two, [empty])).to.equal(false);
    expect(verifyConsistency(sha256, 2, 2, two, one, [])).to.equal(false);
    expect(verifyConsistency(sha256, 2, 2, two, two, [two])).to.equal(false);
    expect(verifyConsistency(sha256, 2, 1, two, one, [])).to.equal(false);
    expect(verifyConsistency(sha256, 1, 2, one, two, [])).to.equal(false);
    expect(verifyConsistency(sha256, 1, 2, two, two, [])).to.equal(false);
  });

  it('rejects hashes of other than 32 bytes, even when their bytes concatenate into a valid path', async () => {
    const store = await vectorStore();
    const moved = (from: Hash, to: Hash): [Hash, Hash] => [from.subarray(1), Uint8Array.from([...to, from[0]!])];
    const [p0, p1, p2] = await inclusionProof(0, 8, store.read, sha256);
    const [shortP0, longLeaf] = moved(p0!, store.leaves[0]!);
    expect(verifyInclusion(sha256, 0, 8, longLeaf, [shortP0, p1!, p2!], unhex(ROOTS[8]!))).to.equal(false);
    const [c0, c1, c2] = await consistencyProof(1, 8, store.read, sha256);
    const [shortC0, longRoot] = moved(c0!, unhex(ROOTS[1]!));
    expect(verifyConsistency(sha256, 1, 8, longRoot, unhex(ROOTS[8]!), [shortC0, c1!, c2!])).to.equal(false);
  });

  it('refuses to build a proof for sizes out of order, and fails when the reader answers short', async () => {
    const store = await vectorStore();
    await expectRejection(inclusionProof(8, 8, store.read, sha256), RangeError);
    await expectRejection(inclusionProof(-1, 8, store.read, sha256), RangeError);
    await expectRejection(consistencyProof(5, 3, store.read, sha256), RangeError);
    await expectRejection(treeHash(sha256, 1.5, store.read), RangeError);
    await expectRejection(
      treeHash(sha256, 5, async () => []),
      Error,
    );
    await expectRejection(
      treeHash(sha256, 5, async (indexes) => [...(await store.read(indexes)), new Uint8Array(32)]),
      Error,
    );
    expect(await consistencyProof(0, 8, store.read, sha256)).to.deep.equal([]);
    expect(() => storedHashIndex(-1, 0)).to.throw(RangeError);
    expect(() => storedHashIndex(0, 2 ** 53)).to.throw(RangeError);
  });

  describe('over every tree of 1 to 300 random records', () => {
    const store = new HashStore();
    let random = 0x2f6b_3a91;
    // A fixed-seed linear congruential generator (Numerical Recipes constants), high bits only.
    const next = (): number => (random = (Math.imul(random, 1664525) + 1013904223) >>> 0) >>> 8;
    before(async () => {
      // Two leading bytes of the record number keep every entry, and so every leaf, distinct.
      for (let n = 0; n < 300; n++)
        await store.append(Uint8Array.from({ length: 2 + (next() % 40) }, (_, i) => (i < 2 ? (n >> (8 * i)) & 0xff : next() & 0xff)));
      expect(store.hashes)
        .to.have.length(storedHashCount(300))
        .and.length(2 * 300 - 4);
    });

    it('places every complete subtree at a distinct stored index below storedHashCount, holding its MTH', () => {
      const seen = new Set<number>();
      for (let level = 0; 2 ** level <= 300; level++) {
        for (let n = 0; (n + 1) * 2 ** level <= 300; n++) {
          const i = storedHashIndex(level, n);
          seen.add(i);
          expect(i).to.be.below(storedHashCount((n + 1) * 2 ** level));
          expect(hex(store.hashes[i]!)).to.equal(hex(rootOfLeaves(sha256, store.leaves.slice(n * 2 ** level, (n + 1) * 2 ** level))));
        }
      }
      expect(seen.size).to.equal(storedHashCount(300));
    });

    it('gives every tree hash as rootOfLeaves does, and an inclusion proof that verifies, in one read of stored hashes: of every leaf up to 100 leaves, of a sample past it', async () => {
      for (let size = 1; size <= 300; size++) {
        const root = await treeHash(sha256, size, store.read);
        expect(hex(root), `size ${size}`).to.equal(hex(rootOfLeaves(sha256, store.leaves.slice(0, size))));
        // Every (index, size) is quadratic: past 100 leaves, the edges, the middle and three random leaves.
        const indexes =
          size <= 100 ? Array.from({ length: size }, (_, i) => i) : [0, 1, size >> 1, size - 2, size - 1, next() % size, next() % size, next() % size];
        for (const index of indexes) {
          [store.reads, store.highest] = [0, -1];
          const proof = await inclusionProof(index, size, store.read, sha256);
          expect(store.reads).to.equal(1);
          expect(store.highest).to.be.below(storedHashCount(size));
          if (!verifyInclusion(sha256, index, size, store.leaves[index]!, proof, root)) expect.fail(`leaf ${index} of ${size} did not verify`);
          if (size > 1 && verifyInclusion(sha256, index, size, store.leaves[(index + 1) % size]!, proof, root))
            expect.fail(`leaf ${index} of ${size} verified another leaf`);
        }
      }
    });

    it('gives consistency proofs that verify between sampled sizes', async () => {
      for (let to = 1; to <= 300; to++) {
        const toRoot = await treeHash(sha256, to, store.read);
        const froms = new Set([1, to - 1, to, 2 ** Math.floor(Math.log2(to)), (next() % to) + 1, (next() % to) + 1, (next() % to) + 1].filter((f) => f >= 1));
        for (const from of froms) {
          const fromRoot = await treeHash(sha256, from, store.read);
          [store.reads, store.highest] = [0, -1];
          const proof = await consistencyProof(from, to, store.read, sha256);
          expect(store.reads).to.be.at.most(1);
          expect(store.highest).to.be.below(storedHashCount(to));
          expect(verifyConsistency(sha256, from, to, fromRoot, toRoot, proof), `${from} to ${to}`).to.equal(true);
          if (from < to) expect(verifyConsistency(sha256, from, to, toRoot, toRoot, proof), `${from} to ${to} with the wrong old root`).to.equal(false);
        }
      }
    });
  });
});

async function expectRejection(promise: Promise<unknown>, type: new (...args: never[]) => Error): Promise<void> {
  expect(
    await promise.then(
      () => undefined,
      (error: unknown) => error,
    ),
  ).to.be.instanceOf(type);
}
