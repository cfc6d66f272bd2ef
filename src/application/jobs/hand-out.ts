/**
 * The loop of a sweep: claims a batch (`claim`), hands it on (`handOn`, one job per batch), and
 * again, until a claim comes back empty; resolves with how many items were handed out. The claim
 * in the database is what keeps two sweeps from handing out the same item.
 */
export async function handOutInBatches<T>(claim: () => Promise<readonly T[]>, handOn: (batch: readonly T[]) => Promise<unknown>): Promise<number> {
  let handedOut = 0;
  for (;;) {
    const batch = await claim();
    if (batch.length === 0) return handedOut;
    await handOn(batch);
    handedOut += batch.length;
  }
}
