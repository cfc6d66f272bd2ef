import { parseCheckpoint } from '../../domain/log/checkpoint.js';
import { parseLogEntry, type LogEventType } from '../../domain/log/log-event.js';
import type { LogHead, LogLeaf } from '../ports/transparency-log.js';

/** What the log's page says: its size and checkpoint, and its latest entries in words. */
export interface LogPageView {
  readonly size: number;
  readonly origin: string | null;
  readonly rootBase64: string | null;
  readonly signedAt: string | null;
  readonly checkpoint: string | null;
  readonly verifierKey: string;
  /** Newest first. */
  readonly latest: ReadonlyArray<{ readonly index: number; readonly at: string; readonly domain: string; readonly sentence: string }>;
}

const WORDS: Readonly<Record<LogEventType, string>> = {
  'entity.verified': 'verified as a registry entity',
  'entity.changed': "its registry entity's record changed",
  'entity.revoked': "its registry entity's verification was revoked",
  'entity.expired': "its registry entity's verification expired",
  'domain.blocked': 'blocked by the operator',
  'domain.unblocked': 'unblocked by the operator',
  'report.stored': 'a scan report was stored',
  'counterparty.bound': 'a payment destination or key was bound to its entity',
  'counterparty.unbound': 'a payment destination or key was unbound from its entity',
};

/** The page's content from the signed head and the latest leaves (every value still unescaped). */
export function logPageView(head: LogHead, leaves: readonly LogLeaf[], verifierKey: string): LogPageView {
  const text = head.checkpoint?.split('\n\n')[0];
  const checkpoint = text === undefined ? undefined : parseCheckpoint(`${text}\n`);
  const parsed = checkpoint && !('error' in checkpoint) ? checkpoint : undefined;
  return {
    size: head.checkpointSize ?? 0,
    origin: parsed?.origin ?? null,
    rootBase64: parsed ? Buffer.from(parsed.root).toString('base64') : null,
    signedAt: head.signedAt,
    checkpoint: head.checkpoint,
    verifierKey,
    latest: [...leaves]
      .reverse()
      .map((leaf) => ({ leaf, event: parseLogEntry(leaf.entry) }))
      .filter((x) => x.event !== undefined)
      .map(({ leaf, event }) => ({ index: leaf.index, at: event!.at, domain: event!.domain, sentence: WORDS[event!.type] })),
  };
}
