import { z } from 'zod';
import { QUOTA_WINDOW_SECONDS, TIERS } from '../../domain/access/tier.js';
import type { DayUsage } from '../ports/usage-ledger.js';
import { list } from './schema-kit.js';

/** GET /account/usage and `vetted key usage`: a key's public reads today and on each of the 30 days before. */
export const usageSchema = z.object({
  key_id: z.string().describe('key_ and 8 letters and digits.'),
  tier: z.enum(TIERS),
  quota_per_day: z.number().int().nullable().describe('Public reads allowed per UTC day; null when unlimited.'),
  window_seconds: z.number().int().describe('The quota window: one UTC day.'),
  today: z.object({
    day: z.string().describe('YYYY-MM-DD, UTC.'),
    count: z.number().int().describe('Reads counted today by every instance, as of their last sync (each syncs once a second).'),
    remaining: z.number().int().nullable().describe('Reads left today; null when unlimited.'),
    reset_seconds: z.number().int().describe('Seconds until the next UTC day, when the count starts again.'),
  }),
  days: list(z.object({ day: z.string(), count: z.number().int() })).describe(
    'Today and the 30 days before it, oldest first, days without reads included as 0.',
  ),
});
export type UsageAnswer = z.infer<typeof usageSchema>;

/** What the usage answer is built from. */
export interface KeyUsage {
  readonly keyId: string;
  readonly tier: (typeof TIERS)[number];
  readonly quota: number | null;
  /** The 31 days, oldest first, today last. */
  readonly days: readonly DayUsage[];
  readonly resetSeconds: number;
}

/** The usage answer of a key. */
export function usageView(usage: KeyUsage): UsageAnswer {
  const today = usage.days[usage.days.length - 1]!;
  return {
    key_id: usage.keyId,
    tier: usage.tier,
    quota_per_day: usage.quota,
    window_seconds: QUOTA_WINDOW_SECONDS,
    today: {
      day: today.day,
      count: today.count,
      remaining: usage.quota === null ? null : Math.max(0, usage.quota - today.count),
      reset_seconds: usage.resetSeconds,
    },
    days: usage.days.map((d) => ({ day: d.day, count: d.count })),
  };
}
