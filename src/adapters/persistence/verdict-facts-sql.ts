// The SQL that keeps `verdict_facts` (migration 013): one row per name holding, as JSON text, every
// fact a verdict about that name is judged from. Each part is recomputed from its source table for
// one name, so a trigger, the migration and `vetted facts rebuild` all say the same thing.

export type Dialect = 'sqlite' | 'postgres';

/** A column of `verdict_facts`, the table it is computed from, and the writes that change it. */
export interface FactPart {
  readonly column: 'entities' | 'blocks' | 'report' | 'observations' | 'ownership';
  readonly table: string;
  readonly events: readonly ('INSERT' | 'UPDATE' | 'DELETE')[];
}

export const FACT_PARTS: readonly FactPart[] = [
  { column: 'entities', table: 'entities', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { column: 'blocks', table: 'blocked_domains', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { column: 'report', table: 'reports', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { column: 'observations', table: 'trust_observations', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { column: 'ownership', table: 'ownership_checks', events: ['INSERT', 'UPDATE', 'DELETE'] },
];

const ENTITY_FIELDS = ['id', 'name', 'domain', 'type', 'level', 'coverage', 'status', 'verified_at', 'expires_at'];
const BLOCK_FIELDS = ['domain', 'reason', 'blocked_at'];
const OWNERSHIP_FIELDS = ['brand', 'checked_at', 'evidence', 'unanswered'];

function pairs(fields: readonly string[]): string {
  return fields.map((f) => `'${f}', ${f}`).join(', ');
}

/**
 * The expression giving `part`'s JSON text for the name `name` (an SQL expression: `NEW.domain`,
 * a column of an outer query…); NULL when the source table holds nothing for it.
 */
function factExpression(part: FactPart['column'], name: string, dialect: Dialect): string {
  const object = dialect === 'sqlite' ? 'json_object' : 'json_build_object';
  // SQLite's aggregates answer '[]' or '{}' over no rows; PostgreSQL's answer NULL. Both mean "none".
  const list = (fields: readonly string[], table: string) =>
    dialect === 'sqlite'
      ? `(SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_group_array(json_object(${pairs(fields)})) END FROM ${table} WHERE domain = ${name})`
      : `(SELECT json_agg(json_build_object(${pairs(fields)}))::text FROM ${table} WHERE domain = ${name})`;
  switch (part) {
    case 'entities':
      return list(ENTITY_FIELDS, 'entities');
    case 'blocks':
      return list(BLOCK_FIELDS, 'blocked_domains');
    case 'report':
      return `(SELECT summary FROM reports WHERE domain = ${name} ORDER BY scanned_at DESC, id DESC LIMIT 1)`;
    case 'observations':
      return dialect === 'sqlite'
        ? `(SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_group_object(kind, json_object('observed_at', observed_at, 'payload', payload)) END FROM trust_observations WHERE domain = ${name})`
        : `(SELECT json_object_agg(kind, json_build_object('observed_at', observed_at, 'payload', payload))::text FROM trust_observations WHERE domain = ${name})`;
    case 'ownership':
      return `(SELECT ${object}(${pairs(OWNERSHIP_FIELDS)})${dialect === 'postgres' ? '::text' : ''} FROM ownership_checks WHERE domain = ${name})`;
  }
}

/** Recomputes one part of one name's row, creating the row when it is missing. */
export function refreshStatement(part: FactPart['column'], name: string, dialect: Dialect): string {
  return `INSERT INTO verdict_facts (name, ${part}) VALUES (${name}, ${factExpression(part, name, dialect)})
    ON CONFLICT (name) DO UPDATE SET ${part} = excluded.${part}`;
}

/**
 * PostgreSQL's refresh: lock the name's row first, then recompute in a statement of its own. Under
 * READ COMMITTED each statement reads what was committed when it began, so a transaction that waited
 * for the lock sees the other's write (two observations of one name stored at once keep both).
 */
export function lockedRefreshStatements(part: FactPart['column'], name: string): string[] {
  return [
    `INSERT INTO verdict_facts (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`,
    `PERFORM 1 FROM verdict_facts WHERE name = ${name} FOR UPDATE`,
    `UPDATE verdict_facts SET ${part} = ${factExpression(part, name, 'postgres')} WHERE name = ${name}`,
  ];
}

/** Every name any source table holds something under. */
const NAMES = FACT_PARTS.map((p) => `SELECT domain AS name FROM ${p.table}`).join(' UNION ');

/**
 * Replaces every row from the source tables (the migration, and `vetted facts rebuild` after
 * anything wrote the tables around the triggers). Statements to run in order, in one transaction.
 */
export function rebuildStatements(dialect: Dialect): string[] {
  const columns = FACT_PARTS.map((p) => p.column);
  const lock = dialect === 'postgres' ? [`LOCK TABLE ${FACT_PARTS.map((p) => p.table).join(', ')} IN SHARE MODE`] : [];
  return [
    // Writers wait while the facts are rebuilt, so no trigger's refresh lands between the read and the write.
    ...lock,
    'DELETE FROM verdict_facts',
    `INSERT INTO verdict_facts (name, ${columns.join(', ')})
      SELECT n.name, ${columns.map((c) => factExpression(c, 'n.name', dialect)).join(', ')} FROM (${NAMES}) n`,
  ];
}
