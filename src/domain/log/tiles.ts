import { storedHashIndex } from './merkle.js';

/** Tree levels one tile spans (C2SP tlog-tiles). */
export const TILE_HEIGHT = 8;

/** Hashes in a full tile: 2^TILE_HEIGHT. */
export const TILE_WIDTH = 256;

/** A tile's coordinates: `level` 0..63 (or the entry bundles), `index` within the level, `width` 1..256. */
export interface TileCoordinates {
  readonly level: number | 'entries';
  readonly index: number;
  readonly width: number;
}

const MAX_LEVEL = 63;
// Six 3-digit elements reach 10^18, past 2^53; more could only encode unsafe indexes.
const MAX_INDEX_ELEMENTS = 6;
const LEVEL_PATTERN = /^(0|[1-9][0-9]?)$/;
const WIDTH_PATTERN = /^[1-9][0-9]{0,2}$/;
const MAX_ENTRY_LENGTH = 0xffff;

/**
 * The C2SP tlog-tiles path of a tile: `tile/<L>/<N>[.p/<W>]`, or `tile/entries/<N>[.p/<W>]` for an
 * entry bundle. N is written as zero-padded 3-digit elements, all but the last prefixed with x
 * (index 1234067 is `x001/x234/067`); `.p/<W>` appears only for a partial tile (width below 256).
 * Throws a RangeError for a level outside 0..63, a negative or unsafe index, or a width outside 1..256.
 */
export function tilePath(level: number | 'entries', index: number, width: number): string {
  if (level !== 'entries' && !(Number.isInteger(level) && level >= 0 && level <= MAX_LEVEL))
    throw new RangeError(`tile level must be 0..${MAX_LEVEL} or "entries", got ${level}`);
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`tile index must be a non-negative safe integer, got ${index}`);
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) throw new RangeError(`tile width must be 1..${TILE_WIDTH}, got ${width}`);
  const elements: string[] = [];
  for (let rest = index; ; rest = Math.floor(rest / 1000)) {
    elements.unshift(String(rest % 1000).padStart(3, '0'));
    if (rest < 1000) break;
  }
  const n = elements.map((element, i) => (i < elements.length - 1 ? `x${element}` : element)).join('/');
  return `tile/${level}/${n}${width < TILE_WIDTH ? `.p/${width}` : ''}`;
}

/**
 * The coordinates a tile path names, or undefined when it is not the one canonical path of a tile:
 * no leading zeros in the level or the width, no leading `x000` element, width 1..255 only after
 * `.p` (a full tile has no suffix), and an index that is a safe integer.
 */
export function parseTilePath(path: string): TileCoordinates | undefined {
  const parts = path.split('/');
  if (parts.length < 3 || parts[0] !== 'tile') return undefined;
  const levelText = parts[1]!;
  let level: number | 'entries';
  if (levelText === 'entries') level = 'entries';
  else if (LEVEL_PATTERN.test(levelText) && Number(levelText) <= MAX_LEVEL) level = Number(levelText);
  else return undefined;
  let rest = parts.slice(2);
  let width = TILE_WIDTH;
  const last = rest[rest.length - 1]!;
  if (rest.length >= 2 && rest[rest.length - 2]!.endsWith('.p')) {
    if (!WIDTH_PATTERN.test(last) || Number(last) >= TILE_WIDTH) return undefined;
    width = Number(last);
    rest = rest.slice(0, -1);
    rest[rest.length - 1] = rest[rest.length - 1]!.slice(0, -'.p'.length);
  }
  if (rest.length > MAX_INDEX_ELEMENTS) return undefined;
  const heads = rest.slice(0, -1);
  const tail = rest[rest.length - 1]!;
  if (!heads.every((element) => /^x[0-9]{3}$/.test(element)) || !/^[0-9]{3}$/.test(tail)) return undefined;
  if (heads[0] === 'x000') return undefined;
  const index = Number([...heads.map((element) => element.slice(1)), tail].join(''));
  if (!Number.isSafeInteger(index)) return undefined;
  return { level, index, width };
}

/**
 * The stored-hash indexes, in order, of the hashes that make up hash tile (level, index, width):
 * the `width` hashes at tree level 8 * level, positions index * 256 .. index * 256 + width - 1.
 * Throws a RangeError for a level outside 0..63 or a width outside 1..256.
 */
export function tileHashIndexes(level: number, index: number, width: number): number[] {
  if (!Number.isInteger(level) || level < 0 || level > MAX_LEVEL) throw new RangeError(`tile level must be 0..${MAX_LEVEL}, got ${level}`);
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) throw new RangeError(`tile width must be 1..${TILE_WIDTH}, got ${width}`);
  const indexes: number[] = [];
  for (let i = 0; i < width; i++) indexes.push(storedHashIndex(TILE_HEIGHT * level, index * TILE_WIDTH + i));
  return indexes;
}

/**
 * Every hash tile a reader needs for the tree of the first `size` records, by level then index:
 * the full tiles, then the partial tile of width floor(size / 256^level) mod 256 when that is not 0.
 * Empty for size 0. Throws a RangeError when size is not a non-negative safe integer.
 */
export function tilesOfTree(size: number): Array<{ level: number; index: number; width: number }> {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`tree size must be a non-negative safe integer, got ${size}`);
  const tiles: Array<{ level: number; index: number; width: number }> = [];
  for (let level = 0, hashes = size; hashes > 0; level++, hashes = Math.floor(hashes / TILE_WIDTH)) {
    const full = Math.floor(hashes / TILE_WIDTH);
    for (let index = 0; index < full; index++) tiles.push({ level, index, width: TILE_WIDTH });
    const partial = hashes % TILE_WIDTH;
    if (partial > 0) tiles.push({ level, index: full, width: partial });
  }
  return tiles;
}

/**
 * A tlog-tiles entry bundle: each entry as a big-endian uint16 length, then its bytes.
 * Throws a RangeError for an entry longer than 65535 bytes.
 */
export function entryBundle(entries: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const entry of entries) {
    if (entry.length > MAX_ENTRY_LENGTH) throw new RangeError(`an entry bundle holds entries of at most ${MAX_ENTRY_LENGTH} bytes, got ${entry.length}`);
    total += 2 + entry.length;
  }
  const bundle = new Uint8Array(total);
  let at = 0;
  for (const entry of entries) {
    bundle[at] = entry.length >> 8;
    bundle[at + 1] = entry.length & 0xff;
    bundle.set(entry, at + 2);
    at += 2 + entry.length;
  }
  return bundle;
}

/**
 * The entries of an entry bundle, copied out; undefined when the bytes do not split exactly into
 * length-prefixed entries (a truncated length or entry). An empty bundle holds no entries.
 */
export function parseEntryBundle(bundle: Uint8Array): Uint8Array[] | undefined {
  const entries: Uint8Array[] = [];
  let at = 0;
  while (at < bundle.length) {
    if (at + 2 > bundle.length) return undefined;
    const length = bundle[at]! * 256 + bundle[at + 1]!;
    if (at + 2 + length > bundle.length) return undefined;
    entries.push(bundle.slice(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return entries;
}
