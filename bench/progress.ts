let lastPrinted = 0;

/** Prints a progress line at most every 5 s, and always the last one. */
export function progress(message: string, last = false): void {
  if (!last && performance.now() - lastPrinted < 5000) return;
  lastPrinted = performance.now();
  console.log(message);
}

export function round(value: number, digits: number): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
