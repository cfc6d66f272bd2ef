// The one place that knows how SQLite and PostgreSQL report the same failures.

/** True when the error is a unique or primary-key violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string } | undefined;
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.code === 'SQLITE_CONSTRAINT' && /UNIQUE|PRIMARY KEY/i.test(e.message ?? '');
}

/**
 * True when a statement gave up waiting for another transaction's lock: SQLite's busy timeout ran
 * out (SQLITE_BUSY) or PostgreSQL's lock_timeout did (55P03). The statement changed nothing, so its
 * transaction can be rolled back and tried again.
 */
export function isLockTimeout(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === 'SQLITE_BUSY' || code === '55P03';
}

/** Counts come back as numbers from SQLite and as strings from PostgreSQL. */
export function toCount(value: unknown): number {
  return typeof value === 'number' ? value : Number.parseInt(String(value ?? 0), 10);
}
