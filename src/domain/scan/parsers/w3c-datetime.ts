// The W3C Datetime profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime), which sitemaps'
// lastmod uses.
const W3C_DATETIME = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?)?)?$/;

/** True for a W3C Datetime (YYYY, YYYY-MM, YYYY-MM-DD, or with time and zone) with ranges checked. */
export function isW3cDatetime(value: string): boolean {
  const m = W3C_DATETIME.exec(value);
  if (m === null) return false;
  const [, , month, day, hour, minute, second, zoneHour, zoneMinute] = m.map((part) => (part === undefined ? undefined : Number(part)));
  if (month !== undefined && (month < 1 || month > 12)) return false;
  if (day !== undefined && (day < 1 || day > 31)) return false;
  if (hour !== undefined && hour > 23) return false;
  if (minute !== undefined && minute > 59) return false;
  if (second !== undefined && second > 60) return false;
  if (zoneHour !== undefined && zoneHour > 14) return false;
  return zoneMinute === undefined || zoneMinute <= 59;
}
