import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { rootOfLeaves, storedHashCount, storedHashesForRecord, storedHashIndex, type Hash, type Sha256 } from '../../../../src/domain/log/merkle.js';
import {
  entryBundle,
  parseEntryBundle,
  parseTilePath,
  tileHashIndexes,
  tilePath,
  tilesOfTree,
  TILE_HEIGHT,
  TILE_WIDTH,
} from '../../../../src/domain/log/tiles.js';

const sha256: Sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());

describe('tlog tiles (C2SP tlog-tiles)', () => {
  it('has tiles 8 levels high and 256 hashes wide', () => {
    expect([TILE_HEIGHT, TILE_WIDTH]).to.deep.equal([8, 256]);
  });

  describe('paths', () => {
    // The first two are the spec's own example (index 1234067); the rest follow its rules.
    const paths: Array<[level: number | 'entries', index: number, width: number, path: string]> = [
      [0, 1234067, 256, 'tile/0/x001/x234/067'],
      ['entries', 1234067, 256, 'tile/entries/x001/x234/067'],
      [0, 0, 256, 'tile/0/000'],
      [0, 7, 1, 'tile/0/007.p/1'],
      [1, 1000, 256, 'tile/1/x001/000'],
      [2, 1234067, 17, 'tile/2/x001/x234/067.p/17'],
      [63, 999, 255, 'tile/63/999.p/255'],
      ['entries', 42, 112, 'tile/entries/042.p/112'],
      [0, Number.MAX_SAFE_INTEGER, 256, 'tile/0/x009/x007/x199/x254/x740/991'],
    ];
    for (const [level, index, width, path] of paths) {
      it(`writes and reads ${path}`, () => {
        expect(tilePath(level, index, width)).to.equal(path);
        expect(parseTilePath(path)).to.deep.equal({ level, index, width });
      });
    }

    it('round-trips every level, width, and indexes of every length', () => {
      const indexes = [0, 1, 9, 999, 1000, 255_999, 1_000_000, 70_000_000_123, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER - 1];
      for (const level of [...Array.from({ length: 64 }, (_, l) => l), 'entries' as const]) {
        for (const index of indexes) {
          for (const width of [1, 2, 128, 255, 256]) expect(parseTilePath(tilePath(level, index, width))).to.deep.equal({ level, index, width });
        }
      }
    });

    const refused = [
      '',
      'tile',
      'tile/0',
      'tile/0/',
      '/tile/0/000',
      'tile/0/000/',
      'tiles/0/000',
      'Tile/0/000',
      'tile//000',
      'tile/00/000',
      'tile/01/000',
      'tile/64/000',
      'tile/100/000',
      'tile/-1/000',
      'tile/+1/000',
      'tile/1e1/000',
      'tile/ 1/000',
      'tile/data/000',
      'tile/Entries/000',
      'tile/0/0',
      'tile/0/00',
      'tile/0/0000',
      'tile/0/-01',
      'tile/0/ 01',
      'tile/0/0x1',
      'tile/0/abc',
      'tile/0/x000/001',
      'tile/0/x000/000',
      'tile/0/001/002',
      'tile/0/x001',
      'tile/0/x001/x002',
      'tile/0/X001/000',
      'tile/0/x01/000',
      'tile/0/x0001/000',
      'tile/0/y001/000',
      'tile/0/x009/x007/x199/x254/x740/993',
      'tile/0/x001/x000/x000/x000/x000/x000/000',
      'tile/0/000.p/256',
      'tile/0/000.p/0',
      'tile/0/000.p/012',
      'tile/0/000.p/',
      'tile/0/000.p',
      'tile/0/000.p/1000',
      'tile/0/000.p/+5',
      'tile/0/000.p/1.0',
      'tile/0/000.p/ 5',
      'tile/0/000.P/5',
      'tile/0/000.p/5/',
      'tile/0/000.p/5/6',
      'tile/0/x001.p/5',
      'tile/0/x001.p/5/000',
      'tile/0/000/p/5',
      'tile/0/000.q/5',
      'tile/0/000p/5',
      'tile/0/000.p.p/5',
      'tile/entries/000.p/256',
      'tile/entries/x000/001',
    ];
    for (const path of refused) {
      it(`refuses ${JSON.stringify(path)}`, () => {
        expect(parseTilePath(path)).to.equal(undefined);
      });
    }

    it('refuses to write a tile that cannot exist', () => {
      for (const [level, index, width] of [
        [64, 0, 256],
        [-1, 0, 256],
        [1.5, 0, 256],
        [0, -1, 256],
        [0, 0.5, 256],
        [0, 2 ** 53, 256],
        [0, 0, 0],
        [0, 0, 257],
        [0, 0, 2.5],
      ] as const) {
        expect(() => tilePath(level, index, width), `${level}/${index}/${width}`).to.throw(RangeError);
      }
    });
  });

  describe('hash tiles', () => {
    const leaves: Hash[] = [];
    const stored: Hash[] = [];
    before(async () => {
      const read = async (indexes: readonly number[]): Promise<Hash[]> => indexes.map((i) => stored[i]!);
      for (let n = 0; n < 3 * 256 + 5; n++) {
        const added = await storedHashesForRecord(sha256, n, new TextEncoder().encode(`record ${n}`), read);
        stored.push(...added);
        leaves.push(added[0]!);
      }
    });

    it('lists the stored hashes of level-L tiles at tree level 8L, 256 per full tile', () => {
      expect(tileHashIndexes(0, 0, 256)).to.deep.equal(Array.from({ length: 256 }, (_, i) => storedHashIndex(0, i)));
      expect(tileHashIndexes(0, 2, 3)).to.deep.equal([512, 513, 514].map((n) => storedHashIndex(0, n)));
      expect(tileHashIndexes(1, 0, 3)).to.deep.equal([0, 1, 2].map((n) => storedHashIndex(8, n)));
      expect(tileHashIndexes(2, 5, 1)).to.deep.equal([storedHashIndex(16, 5 * 256)]);
      expect(tileHashIndexes(0, 1, 1)).to.deep.equal([storedHashIndex(0, 256)]);
    });

    it('holds leaf hashes at level 0 and the roots of 256-leaf subtrees at level 1', () => {
      expect(tileHashIndexes(0, 1, 256).map((i) => stored[i])).to.deep.equal(leaves.slice(256, 512));
      expect(tileHashIndexes(1, 0, 3).map((i) => stored[i])).to.deep.equal([0, 1, 2].map((t) => rootOfLeaves(sha256, leaves.slice(t * 256, (t + 1) * 256))));
    });

    it('refuses a level outside 0..63 and a width outside 1..256', () => {
      for (const [level, width] of [
        [-1, 1],
        [64, 1],
        [0.5, 1],
        [0, 0],
        [0, 257],
        [0, 1.5],
      ] as const) {
        expect(() => tileHashIndexes(level, 0, width), `${level}/${width}`).to.throw(RangeError);
      }
    });

    it('names the tiles of a tree as the spec counts them', () => {
      const tiles70000 = tilesOfTree(70_000);
      expect(tiles70000.filter((t) => t.level === 0 && t.width === 256)).to.have.length(273);
      expect(tiles70000.filter((t) => !(t.level === 0 && t.width === 256))).to.deep.equal([
        { level: 0, index: 273, width: 112 },
        { level: 1, index: 0, width: 256 },
        { level: 1, index: 1, width: 17 },
        { level: 2, index: 0, width: 1 },
      ]);
      expect(tilesOfTree(256)).to.deep.equal([
        { level: 0, index: 0, width: 256 },
        { level: 1, index: 0, width: 1 },
      ]);
      expect(tilesOfTree(0)).to.deep.equal([]);
      expect(tilesOfTree(1)).to.deep.equal([{ level: 0, index: 0, width: 1 }]);
      expect(tilesOfTree(65_536).slice(-2)).to.deep.equal([
        { level: 1, index: 0, width: 256 },
        { level: 2, index: 0, width: 1 },
      ]);
      expect(() => tilesOfTree(-1)).to.throw(RangeError);
    });

    it('names only hashes already stored, and every leaf exactly once at level 0', () => {
      for (const size of [1, 255, 256, 257, 511, 512, 513, 3 * 256 + 5]) {
        const tiles = tilesOfTree(size);
        const indexes = tiles.flatMap((t) => tileHashIndexes(t.level, t.index, t.width));
        expect(Math.max(...indexes), `size ${size}`).to.be.below(storedHashCount(size));
        const level0 = tiles.filter((t) => t.level === 0).flatMap((t) => tileHashIndexes(0, t.index, t.width));
        expect(level0, `size ${size}`).to.deep.equal(Array.from({ length: size }, (_, n) => storedHashIndex(0, n)));
      }
    });
  });

  describe('entry bundles', () => {
    it('writes each entry as a big-endian uint16 length and its bytes', () => {
      const entries = [Uint8Array.of(1, 2, 3), new Uint8Array(0), new Uint8Array(0x0102).fill(7)];
      const bundle = entryBundle(entries);
      expect([...bundle.subarray(0, 7)]).to.deep.equal([0, 3, 1, 2, 3, 0, 0]);
      expect([...bundle.subarray(7, 9)]).to.deep.equal([0x01, 0x02]);
      expect(bundle).to.have.length(9 + 0x0102);
      expect(parseEntryBundle(bundle)).to.deep.equal(entries);
      expect(entryBundle([])).to.deep.equal(new Uint8Array(0));
      expect(parseEntryBundle(new Uint8Array(0))).to.deep.equal([]);
    });

    it('round-trips 256 entries of every size up to 65535 bytes, and refuses longer ones', () => {
      const entries = Array.from({ length: 256 }, (_, i) => new Uint8Array(i === 255 ? 0xffff : i * 37).map((_, j) => (i + j) & 0xff));
      expect(parseEntryBundle(entryBundle(entries))).to.deep.equal(entries);
      expect(() => entryBundle([new Uint8Array(0x10000)])).to.throw(RangeError);
    });

    it('refuses a bundle with a truncated length or entry', () => {
      for (const bytes of [[0], [0, 1], [0, 5, 1, 2, 3, 4], [0, 1, 9, 0], [0, 0, 0], [0xff, 0xff, 1]]) {
        expect(parseEntryBundle(Uint8Array.from(bytes)), JSON.stringify(bytes)).to.equal(undefined);
      }
    });
  });
});
