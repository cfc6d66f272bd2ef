import { z } from 'zod';
import { DEFAULT_SCAN_LIMITS, DEFAULT_WATCH_SETTINGS, type AppConfig } from '../../application/ports/app-config.js';
import { maskCredentials } from '../shared/mask-credentials.js';
import { parseSigningKey } from '../shared/parse-signing-key.js';
import { readBrandFile } from './brand-file.js';
import { readPopularDomainsFile, SHIPPED_POPULAR_DOMAINS_FILE } from './popular-domains-file.js';
import { ConfigError } from './config-error.js';
import { CONTRACT_QUOTAS } from '../../domain/access/tier.js';
import { booleanFlag, commaList, dailyQuota, isDnsServer, limit, wholeNumber } from './env-fields.js';
import {
  credentialsDecode,
  isHost,
  isHostHeader,
  isMailbox,
  isNetwork,
  isOrigin,
  isSecurityContact,
  printable,
  serverUrlProblem,
  sqliteFolderProblem,
} from './config-rules.js';

export { ConfigError } from './config-error.js';

const RECHECK_PERIODS = new Set([0, 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440]);
const RECHECK_PERIOD_MESSAGE =
  'must be 0 (off), minutes dividing an hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60) or hours dividing a day (120, 180, 240, 360, 480, 720, 1440)';

function signingKeyProblem(key: string): string | undefined {
  try {
    parseSigningKey(key, 'REPORT_SIGNING_KEY');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const DAY_MS = 86_400_000;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

// Each variable with its default; docs/configuration.md carries the same table (a test holds them together).
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be an integer from 0 to 65535' })
    .int('must be an integer from 0 to 65535')
    .min(0, 'must be an integer from 0 to 65535')
    .max(65535, 'must be an integer from 0 to 65535')
    .default(8080),
  HOST: z.string().refine(isHost, 'must be an IP address or a host name').default('127.0.0.1'),
  BASE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http or https URL' })
    // zod runs refinements after a failed format check too: only judge what parses.
    .refine((u) => !URL.canParse(u) || (!new URL(u).search && !new URL(u).hash), 'must not carry a query or fragment')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or a postgres:// URL')
    .superRefine((url, ctx) => {
      const problem = url.startsWith('sqlite:') ? sqliteFolderProblem(url) : serverUrlProblem(url, /^postgres(ql)?:$/, true);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .default('sqlite:./data/vetted.sqlite'),
  DATABASE_READ_URL: z
    .string()
    .superRefine((url, ctx) => {
      const problem = serverUrlProblem(url, /^postgres(ql)?:$/, true);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  DNS_SERVERS: commaList(isDnsServer, 'must be a comma-separated list of ip or ip:port ([v6]:port for IPv6)').default([]),
  SCAN_ALLOWED_NETWORKS: commaList(isNetwork, 'must be a comma-separated list of CIDRs or addresses').default([]),
  REPORT_SIGNING_KEY: z
    .string()
    .refine((key) => signingKeyProblem(key) === undefined, 'must be a PKCS#8 PEM Ed25519 private key or a base64url 32-byte Ed25519 seed (43 characters)')
    .optional(),
  SCAN_LIMIT_PER_CLIENT_HOUR: limit(DEFAULT_SCAN_LIMITS.perClientPerHour),
  SCAN_LIMIT_PER_DOMAIN_HOUR: limit(DEFAULT_SCAN_LIMITS.perDomainPerHour),
  SCAN_LIMIT_GLOBAL_MINUTE: limit(DEFAULT_SCAN_LIMITS.globalPerMinute),
  WATCH_LIMIT_PER_CLIENT: limit(DEFAULT_WATCH_SETTINGS.perClient),
  WATCH_LIMIT_PER_CALLBACK_HOST: limit(DEFAULT_WATCH_SETTINGS.perCallbackHost),
  WEBHOOK_RETRY_BASE_SECONDS: wholeNumber(1, 3600, DEFAULT_WATCH_SETTINGS.retryBaseSeconds),
  SMTP_URL: z
    .string()
    .refine(
      (url) => serverUrlProblem(url, /^smtps?:$/) === undefined,
      'must be an smtp:// or smtps:// URL with a host name and a port from 1 to 65535 (smtp://user:password@mail.example.com:587)',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320, 'must be at most 320 characters')
    .refine(isMailbox, 'must be an address such as registry@example.com or Registry <registry@example.com>')
    .optional(),
  // The sweep is scheduled as a cron (one tick for all instances), so the period must fit a clock.
  RECHECK_INTERVAL_MINUTES: z.coerce
    .number({ message: RECHECK_PERIOD_MESSAGE })
    .refine((m) => RECHECK_PERIODS.has(m), RECHECK_PERIOD_MESSAGE)
    .default(360),
  RDAP_BASE_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http or https URL' }).optional(),
  VETTED_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http or https URL' }).optional(),
  EXTERNAL_DNSBL_ZONES: commaList(
    (z) => /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i.test(z),
    'must be a comma-separated list of DNS zones such as dbl.example.org',
  ).default([]),
  EXTERNAL_DEADLINE_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds from 500 to 30000' })
    .int('must be a whole number of milliseconds from 500 to 30000')
    .min(500, 'must be a whole number of milliseconds from 500 to 30000')
    .max(30000, 'must be a whole number of milliseconds from 500 to 30000')
    .default(4000),
  OBSERVE_LIMIT_PER_MINUTE: wholeNumber(0, 1_000_000, 600),
  BRAND_CATALOG_FILE: z.string().min(1).optional(),
  POPULAR_DOMAINS_FILE: z.string().min(1).optional(),
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(1000, 120_000, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(1000, 600_000, 30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1000, 120_000, 5_000),
  HTTP_MAX_CONNECTIONS_PER_CLIENT: wholeNumber(0, 100_000, 64),
  HTTP_MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 1024),
  WORKERS: wholeNumber(0, 1, 1),
  WORKER_CONCURRENCY: wholeNumber(1, 64, 4),
  RECHECK_CONCURRENCY: wholeNumber(1, 256, 16),
  REFRESH_OBSERVATIONS: booleanFlag.default(true),
  // The operator's own endpoint (a private address is fine): never judged by the scans' address policy.
  CDN_PURGE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an absolute http or https URL such as http://127.0.0.1:6081/purge' })
    .refine((u) => !URL.canParse(u) || new URL(u).hash === '', 'must not carry a fragment')
    .refine((u) => !URL.canParse(u) || credentialsDecode(u), 'has a malformed percent-escape in its user name or password')
    .optional(),
  API_TIERS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
  API_QUOTA_FREE: dailyQuota(CONTRACT_QUOTAS.free),
  API_QUOTA_PRO: dailyQuota(CONTRACT_QUOTAS.pro),
  API_QUOTA_ENTERPRISE: dailyQuota(CONTRACT_QUOTAS.enterprise),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
    .optional(),
  MCP_ALLOWED_ORIGINS: commaList(isOrigin, 'must be a comma-separated list of origins such as https://app.example.com').default([]),
  MCP_ALLOWED_HOSTS: commaList(isHostHeader, 'must be a comma-separated list of host names with an optional port, such as vetted.internal:8080').default([]),
  SECURITY_CONTACT: z
    .string()
    .max(2048, 'must be at most 2048 characters')
    .refine(isSecurityContact, 'must be a mailto: or https: URI such as mailto:security@example.com')
    .optional(),
  SECURITY_TXT_EXPIRES: z
    .string()
    .refine((v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 date-time such as 2027-01-01T00:00:00Z')
    .optional(),
});

/**
 * Reads the configuration from environment variables once, at start-up (`now`, which dates the
 * security.txt expiry). Empty values count as unset. Throws ConfigError naming the first bad variable.
 */
/** Every environment variable the service reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export function loadConfig(env: Readonly<Record<string, string | undefined>>, now = new Date()): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = present[name];
    // A signing key, an SMTP URL (with its password) and the metrics token are secrets: never echo them.
    // Any other value is shown with the credentials of its URLs masked (DATABASE_URL, BASE_URL, ...).
    const shown =
      value === undefined || name === 'REPORT_SIGNING_KEY' || name === 'SMTP_URL' || name === 'METRICS_TOKEN'
        ? ''
        : ` (got "${printable(maskCredentials(value)).slice(0, 60)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}.`);
  }
  const e = parsed.data;
  if (e.WORKERS === 0 && e.DATABASE_URL.startsWith('sqlite:')) {
    // The embedded queue lives in the serving process: without workers there, scans would wait forever.
    throw new ConfigError(
      'Invalid configuration: WORKERS=0 needs a postgres:// DATABASE_URL (with embedded SQLite the job queue lives in the serving process).',
    );
  }
  if (e.DATABASE_READ_URL && e.DATABASE_URL.startsWith('sqlite:')) {
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs a postgres:// DATABASE_URL (it names a streaming replica of that PostgreSQL).');
  }
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const expiresMs = e.SECURITY_TXT_EXPIRES === undefined ? now.getTime() + 180 * DAY_MS : Date.parse(e.SECURITY_TXT_EXPIRES);
  // RFC 9116 §2.5.5: a past Expires makes the file stale; more than a year ahead is discouraged.
  if (expiresMs <= now.getTime() || expiresMs >= now.getTime() + 365 * DAY_MS) {
    throw new ConfigError(`Invalid configuration: SECURITY_TXT_EXPIRES must be in the future and less than a year away (got "${e.SECURITY_TXT_EXPIRES}").`);
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    dnsServers: Object.freeze([...e.DNS_SERVERS]),
    scanAllowedNetworks: Object.freeze([...e.SCAN_ALLOWED_NETWORKS]),
    reportSigningKey: e.REPORT_SIGNING_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Vetted <no-reply@${new URL(baseUrl).hostname}>`,
    securityContact: e.SECURITY_CONTACT ?? `mailto:security@${new URL(baseUrl).hostname}`,
    securityTxtExpires: new Date(expiresMs).toISOString(),
    recheckIntervalMinutes: e.RECHECK_INTERVAL_MINUTES,
    http: Object.freeze({
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // Behind a proxy every client shares the proxy's address: bounding it would bound everyone.
      maxConnectionsPerClient: e.TRUST_PROXY ? 0 : e.HTTP_MAX_CONNECTIONS_PER_CLIENT,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    }),
    workers: e.WORKERS === 1,
    workerConcurrency: e.WORKER_CONCURRENCY,
    recheckConcurrency: e.RECHECK_CONCURRENCY,
    refreshObservations: e.REFRESH_OBSERVATIONS,
    metricsToken: e.METRICS_TOKEN,
    apiTiers: e.API_TIERS === 'on' ? Object.freeze({ free: e.API_QUOTA_FREE, pro: e.API_QUOTA_PRO, enterprise: e.API_QUOTA_ENTERPRISE }) : undefined,
    cdnPurgeUrl: e.CDN_PURGE_URL,
    rdapBaseUrl: e.RDAP_BASE_URL,
    vettedUrl: e.VETTED_URL,
    externalDnsblZones: Object.freeze(e.EXTERNAL_DNSBL_ZONES.map((zone) => zone.toLowerCase())),
    externalDeadlineMs: e.EXTERNAL_DEADLINE_MS,
    observeLimitPerMinute: e.OBSERVE_LIMIT_PER_MINUTE,
    extraBrandDomains: Object.freeze(e.BRAND_CATALOG_FILE ? readBrandFile(e.BRAND_CATALOG_FILE) : []),
    popularDomains: readPopularDomainsFile(e.POPULAR_DOMAINS_FILE ?? SHIPPED_POPULAR_DOMAINS_FILE),
    scanLimits: Object.freeze({
      perClientPerHour: e.SCAN_LIMIT_PER_CLIENT_HOUR,
      perDomainPerHour: e.SCAN_LIMIT_PER_DOMAIN_HOUR,
      globalPerMinute: e.SCAN_LIMIT_GLOBAL_MINUTE,
    }),
    watches: Object.freeze({
      perClient: e.WATCH_LIMIT_PER_CLIENT,
      perCallbackHost: e.WATCH_LIMIT_PER_CALLBACK_HOST,
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
    }),
    mcpAllowedOrigins: Object.freeze([...new Set([new URL(baseUrl).origin, ...e.MCP_ALLOWED_ORIGINS.map((o) => o.replace(/\/$/, ''))])]),
    mcpAllowedHosts: Object.freeze([...new Set([new URL(baseUrl).host, ...e.MCP_ALLOWED_HOSTS.map((h) => h.toLowerCase())])]),
  });
}
