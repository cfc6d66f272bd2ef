/**
 * True when `a` and `b` are exactly one Damerau-Levenshtein edit apart: one insertion, deletion,
 * substitution or transposition of adjacent characters. Linear time; compares UTF-16 code units.
 */
export function isOneEditAway(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const i = firstMismatch(a, b);
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length !== 1) return false;
  const i = firstMismatch(longer, shorter);
  return longer.slice(i + 1) === shorter.slice(i);
}

/**
 * The optimal-string-alignment distance between `a` and `b` (Damerau-Levenshtein where no substring
 * is edited twice). Quadratic; for tests and small inputs.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

function firstMismatch(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
