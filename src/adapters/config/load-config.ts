import { z } from 'zod';
import type { AppConfig } from '../../application/ports/app-config.js';

/** A configuration problem, told in one line that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Each variable with its default; README.md carries the same table.
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be an integer from 0 to 65535' })
    .int('must be an integer from 0 to 65535')
    .min(0, 'must be an integer from 0 to 65535')
    .max(65535, 'must be an integer from 0 to 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http or https URL' })
    .refine((u) => !new URL(u).search && !new URL(u).hash, 'must not carry a query or fragment')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or a postgres:// URL')
    .default('sqlite:./data/vetted.sqlite'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFlag.default(false),
});

/**
 * Reads the configuration from environment variables once, at start-up. Empty values count as
 * unset. Throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = present[name];
    const shown = value === undefined ? '' : ` (got "${value.slice(0, 60)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}.`);
  }
  const e = parsed.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  });
}
