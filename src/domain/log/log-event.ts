import canonicalizeModule from 'canonicalize';

// canonicalize is CommonJS whose typings declare an ES default export (see the signing adapter).
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** The writes that change a verdict, each one leaf of the transparency log. */
export const LOG_EVENT_TYPES = [
  'entity.verified',
  'entity.changed',
  'entity.revoked',
  'entity.expired',
  'domain.blocked',
  'domain.unblocked',
  'report.stored',
  'counterparty.bound',
  'counterparty.unbound',
] as const;
export type LogEventType = (typeof LOG_EVENT_TYPES)[number];

/** One leaf: what was written, about which name, when, with the public fields of the row. */
export interface LogEvent {
  readonly type: LogEventType;
  /** The domain the write is stored under (an entity's, a block's, a report's). */
  readonly domain: string;
  /** When the write was made (ISO 8601 UTC), as the database's clock read it. */
  readonly at: string;
  /** The row's public fields: never an e-mail address, a token or a secret (the triggers copy no other column). */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * A log leaf's bytes: the RFC 8785 (JCS) serialization of the event, in UTF-8, so that anyone
 * holding the event can hash it to the leaf (SHA-256 over 0x00 and these bytes).
 */
export function logEntryBytes(event: LogEvent): Uint8Array {
  const text = canonicalize({ type: event.type, domain: event.domain, at: event.at, data: event.data });
  if (text === undefined) throw new TypeError('a log event must be JSON');
  return new TextEncoder().encode(text);
}

/** Reads a leaf back; undefined when the bytes are not a log event. */
export function parseLogEntry(bytes: Uint8Array): LogEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  const event = value as Partial<LogEvent> | null;
  if (!event || typeof event !== 'object' || !LOG_EVENT_TYPES.includes(event.type as LogEventType)) return undefined;
  if (typeof event.domain !== 'string' || typeof event.at !== 'string' || !event.data || typeof event.data !== 'object') return undefined;
  return { type: event.type as LogEventType, domain: event.domain, at: event.at, data: event.data };
}
