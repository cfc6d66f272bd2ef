/** The contract's trust levels, highest first. */
export const TRUST_LEVELS = ['VERY_HIGH', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** What guidance can tell an agent to do, least restricting first (the order isLessSevere reads). */
export const GUIDANCE_ACTIONS = ['PROCEED', 'CAUTION', 'FLAG', 'BLOCK'] as const;
export type GuidanceAction = (typeof GUIDANCE_ACTIONS)[number];
/** The kinds of action guidance can call safe. */
export const SAFE_ACTIONS = ['payment', 'data_sharing', 'api_call'] as const;
export type SafeAction = (typeof SAFE_ACTIONS)[number];

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

/** True when `action` restricts an agent less than `than` (PROCEED is less severe than FLAG). */
export function isLessSevere(action: GuidanceAction, than: GuidanceAction): boolean {
  return GUIDANCE_ACTIONS.indexOf(action) < GUIDANCE_ACTIONS.indexOf(than);
}

/**
 * Limits `guidance` to no better than `cap`. Guidance better than the cap is replaced by the
 * table's row for the cap (FLAG is the LOW row) with `reason` as its reason; guidance at or below
 * the cap keeps its action and limits and gains `reason` after any reason it had, so that caps
 * applied one after another explain themselves together.
 */
export function capGuidance(guidance: AgentGuidance, cap: GuidanceAction, reason: string): AgentGuidance {
  if (isLessSevere(guidance.action, cap)) {
    const level = TRUST_LEVELS.find((l) => GUIDANCE_TABLE[l].action === cap);
    if (level === undefined) throw new Error(`no guidance row has the action ${cap}`);
    return { ...guidanceFor(level), reason };
  }
  return withReason(guidance, reason);
}

/** `guidance` with `reason` appended to its reason (or as its reason), whatever its action. */
export function withReason(guidance: AgentGuidance, reason: string): AgentGuidance {
  if (guidance.reason === undefined || guidance.reason === '') return { ...guidance, reason };
  if (guidance.reason.includes(reason)) return guidance;
  return { ...guidance, reason: `${guidance.reason} ${reason}` };
}
