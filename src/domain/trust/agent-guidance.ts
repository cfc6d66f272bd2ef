/** The contract's trust levels, highest first. */
export const TRUST_LEVELS = ['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export type GuidanceAction = 'PROCEED' | 'CAUTION' | 'FLAG' | 'BLOCK';
export type SafeAction = 'payment' | 'data_sharing' | 'api_call';

/** What an agent should do before transacting with a counterparty. */
export interface AgentGuidance {
  readonly action: GuidanceAction;
  readonly safe_actions: readonly SafeAction[];
  readonly max_transaction_usd: number;
  readonly requires_human: boolean;
  /** Given for FLAG and BLOCK. */
  readonly reason?: string;
}

interface GuidanceRow {
  readonly action: GuidanceAction;
  readonly safeActions: readonly SafeAction[];
  readonly maxTransactionUsd: number;
  readonly requiresHuman: boolean;
  readonly defaultReason?: string;
}

/** The one table of guidance by trust level. */
export const GUIDANCE_TABLE: Readonly<Record<TrustLevel, GuidanceRow>> = {
  VERY_HIGH: { action: 'PROCEED', safeActions: ['payment', 'data_sharing', 'api_call'], maxTransactionUsd: 10_000, requiresHuman: false },
  HIGH: { action: 'PROCEED', safeActions: ['payment', 'data_sharing', 'api_call'], maxTransactionUsd: 1_000, requiresHuman: false },
  MEDIUM: { action: 'CAUTION', safeActions: ['api_call', 'data_sharing'], maxTransactionUsd: 100, requiresHuman: true },
  LOW: {
    action: 'FLAG',
    safeActions: ['api_call'],
    maxTransactionUsd: 0,
    requiresHuman: true,
    defaultReason: 'Low trust score: send to human review before any transaction.',
  },
  NONE: {
    action: 'BLOCK',
    safeActions: [],
    maxTransactionUsd: 0,
    requiresHuman: true,
    defaultReason: 'No trust established: do not transact.',
  },
};

/** The guidance row of `level`; `reason` replaces the row's default reason (FLAG and BLOCK only). */
export function guidanceFor(level: TrustLevel, reason?: string): AgentGuidance {
  const row = GUIDANCE_TABLE[level];
  const base = {
    action: row.action,
    safe_actions: row.safeActions,
    max_transaction_usd: row.maxTransactionUsd,
    requires_human: row.requiresHuman,
  };
  const why = reason ?? row.defaultReason;
  return row.action === 'FLAG' || row.action === 'BLOCK' ? { ...base, reason: why } : base;
}
