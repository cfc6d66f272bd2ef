// The integer arithmetic and checks of RFC 6962's tree walks (see merkle.ts).

/** The largest power of two smaller than n (n > 1), RFC 6962's k. */
export function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Whether n is a power of two. */
export const isPowerOfTwo = (n: number): boolean => n === 1 || (n > 1 && largestPowerOfTwoBelow(n) * 2 === n);
/** n halved, rounded down. */
export const half = (n: number): number => Math.floor(n / 2);
/** Whether n is a tree size or index: a non-negative safe integer. */
export const isCount = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

/** Throws RangeError naming the first count that is not a non-negative safe integer. */
export function requireCounts(counts: Record<string, number>): void {
  for (const [name, n] of Object.entries(counts)) if (!isCount(n)) throw new RangeError(`${name} must be a non-negative safe integer, got ${n}`);
}

/** Whether two byte strings are equal. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
