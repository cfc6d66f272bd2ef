import { API_KEY_FORMAT } from '../../../domain/access/api-key.js';
import { CONTRACT_QUOTAS, QUOTA_WINDOW_SECONDS, TIERS, type DailyQuotas } from '../../../domain/access/tier.js';

// The request-rate tiers in the words of /api.md, every figure from the code.

/** Whether this instance counts requests, and the daily quota of each tier when it does. */
export function tiersState(quotas: DailyQuotas | undefined): string {
  if (!quotas)
    return 'This instance has request-rate tiers off (the beta): no request limit applies to reads, and an `Authorization` header on them is ignored. Its operator turns them on with `API_TIERS=on`.';
  const each = TIERS.map(
    (tier) => `${tier[0]!.toUpperCase()}${tier.slice(1)} ${quotas[tier] === null ? 'unlimited' : `${quotas[tier]!.toLocaleString('en-US')} reads a day`}`,
  );
  return `This instance has request-rate tiers on: ${each.join(', ')}.`;
}

/** What an API key looks like. */
export function apiKeyShape(): string {
  const { prefix, idChars, secretChars, checksumChars } = API_KEY_FORMAT;
  return `\`${prefix}\` and ${idChars + secretChars + checksumChars} letters and digits, the last ${checksumChars} a CRC-32 checksum of the rest in base62`;
}

/** The two headers of a counted Free read with one read made today, an hour before the reset. */
export function rateLimitExample(): string {
  const quota = CONTRACT_QUOTAS.free!;
  return `\`RateLimit-Policy: "free";q=${quota};w=${QUOTA_WINDOW_SECONDS}\` and \`RateLimit: "free";r=${quota - 1};t=${QUOTA_WINDOW_SECONDS / 24}\``;
}
