import { isIP } from 'node:net';
import { z } from 'zod';

// The kinds of value the environment variables take, each with its message in words (see load-config.ts).

/** `true`/`false` (also 1/0, yes/no). */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list whose every item passes `isValid`. */
export const commaList = (isValid: (item: string) => boolean, message: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .refine((items) => items.every(isValid), message);

/** `ip`, `ip:port` or `[v6]:port`. */
export function isDnsServer(item: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(item);
  if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
  if (isIP(item) !== 0) return true;
  const v4 = /^([\d.]+):(\d{1,5})$/.exec(item);
  return v4 !== null && isIP(v4[1]!) === 4 && validPort(v4[2]);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** A whole number from `min` to `max`, `fallback` when unset. */
export function wholeNumber(min: number, max: number, fallback: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
}

/** A budget: a whole number from 1 to 1,000,000, `fallback` when unset. */
export function limit(fallback: number) {
  return z.coerce
    .number({ message: 'must be a whole number from 1 to 1000000' })
    .int('must be a whole number from 1 to 1000000')
    .min(1, 'must be a whole number from 1 to 1000000')
    .max(1_000_000, 'must be a whole number from 1 to 1000000')
    .default(fallback);
}

/** A daily quota: a whole number from 1 to 1,000,000,000, or `unlimited` (null); `fallback` when unset. */
export function dailyQuota(fallback: number | null) {
  const message = 'must be a whole number from 1 to 1000000000, or unlimited';
  return z
    .string()
    .refine((v) => v === 'unlimited' || (/^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000_000), message)
    .transform((v): number | null => (v === 'unlimited' ? null : Number(v)))
    .optional()
    .transform((v) => (v === undefined ? fallback : v));
}
