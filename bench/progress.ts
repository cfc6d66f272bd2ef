import { readFileSync } from 'node:fs';

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

/** A field of /proc/PID/status in MB (VmRSS: resident now; VmHWM: its high-water mark), or undefined once the process is gone. */
export function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Math.round(Number(kb) / 1024);
  } catch {
    return undefined;
  }
}
