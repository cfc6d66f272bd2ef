// How the published documents write the values they quote: durations, sizes, counts, lists. Each
// throws on a value it cannot write exactly, so a changed constant never prints a rounded figure.

export type TimeUnit = 'year' | 'day' | 'hour' | 'minute' | 'second';

const UNIT_SECONDS: ReadonlyArray<readonly [TimeUnit, number]> = [
  ['year', 365 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const SHORT_UNITS: Readonly<Record<TimeUnit, string>> = { year: 'y', day: 'd', hour: 'h', minute: 'min', second: 's' };
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** `seconds` as a count of `unit`, or of the largest unit that divides it exactly. */
function inUnit(seconds: number, unit?: TimeUnit): readonly [number, TimeUnit] {
  if (!Number.isInteger(seconds) || seconds < 0) throw new Error(`A duration must be a whole number of seconds, not ${seconds}.`);
  const [name, size] =
    unit === undefined ? (UNIT_SECONDS.find(([, s]) => seconds % s === 0 && seconds > 0) ?? ['second', 1]) : UNIT_SECONDS.find(([u]) => u === unit)!;
  if (seconds % size !== 0) throw new Error(`${seconds} s is not a whole number of ${name}s.`);
  return [seconds / size, name];
}

function plural(count: number, unit: string): string {
  return count === 1 ? unit : `${unit}s`;
}

/** "1 hour", "5 minutes", "30 days", "24 hours" (with `unit` 'hour'). */
export function duration(seconds: number, unit?: TimeUnit): string {
  const [count, name] = inUnit(seconds, unit);
  return `${count} ${plural(count, name)}`;
}

/** "ten minutes", "one year": the count in words up to twelve, in figures above. */
export function durationInWords(seconds: number, unit?: TimeUnit): string {
  const [count, name] = inUnit(seconds, unit);
  return `${countInWords(count)} ${plural(count, name)}`;
}

/** "an hour", "a minute" for one unit; otherwise as durationInWords. */
export function aDuration(seconds: number, unit?: TimeUnit): string {
  const [count, name] = inUnit(seconds, unit);
  if (count !== 1) return durationInWords(seconds, unit);
  return `${name === 'hour' ? 'an' : 'a'} ${name}`;
}

/** "each minute", "every 5 minutes": how often something happens. */
export function everyPeriod(seconds: number): string {
  const [count, name] = inUnit(seconds);
  return count === 1 ? `each ${name}` : `every ${count} ${plural(count, name)}`;
}

/** "30 s", "1 min", "2 min", "1 h": the short form, in the largest unit that divides it. */
export function shortDuration(seconds: number): string {
  const [count, name] = inUnit(seconds);
  return `${count} ${SHORT_UNITS[name]}`;
}

/** "60 s": whole seconds, never converted. */
export function inSeconds(seconds: number): string {
  return `${inUnit(seconds, 'second')[0]} s`;
}

/** "three": a count in words up to twelve, in figures above. */
export function countInWords(count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new Error(`A count must be a whole number, not ${count}.`);
  return WORDS[count] ?? String(count);
}

/** "64 KiB": a size that is a whole number of kibibytes. */
export function kibibytes(bytes: number): string {
  if (!Number.isInteger(bytes / 1024) || bytes <= 0) throw new Error(`${bytes} bytes is not a whole number of KiB.`);
  return `${bytes / 1024} KiB`;
}

/** "2014-03-15": the UTC date of an instant. */
export function utcDate(instant: Date | string): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** "`a`, `b`, `c`": each item as inline code, joined with commas. */
export function codeList(items: readonly string[]): string {
  return items.map((item) => `\`${item}\``).join(', ');
}

/** "registry 40, brand 20": each name with its number, in the record's order. */
export function namedCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}

/** "10 per client per hour, 6 per domain per hour, 120 per minute": the fresh-scan budgets. */
export function scanBudgets(limits: { readonly perClientPerHour: number; readonly perDomainPerHour: number; readonly globalPerMinute: number }): string {
  return `${limits.perClientPerHour} per client per hour, ${limits.perDomainPerHour} per domain per hour, ${limits.globalPerMinute} per minute`;
}
