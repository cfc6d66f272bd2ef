let lastPrinted = 0;

/** Prints a progress line at most every 5 s, and always the last one. */
export function progress(message: string, last = false): void {
  if (!last && performance.now() - lastPrinted < 5000) return;
  lastPrinted = performance.now();
  console.log(message);
}

/** The p-th percentile (0-100) of `values`, nearest rank; p 50 is the median. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
