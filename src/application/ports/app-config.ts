import type { PopularDomains } from './popular-domains.js';
import type { DailyQuotas } from '../../domain/access/tier.js';

/**
 * The validated, frozen configuration. Produced once at start-up by the config adapter from the
 * environment; nothing else reads the environment.
 */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute, without a trailing slash; every link the service prints starts with it. */
  readonly baseUrl: string;
  readonly databaseUrl: string;
  /** DATABASE_READ_URL: a streaming replica of the PostgreSQL at databaseUrl for the public reads; absent: every read goes to databaseUrl. */
  readonly databaseReadUrl?: string | undefined;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  readonly trustProxy: boolean;
  /** DNS servers (`ip` or `ip:port`, `[v6]:port`) for scanning and proofs; empty means the system resolver. */
  readonly dnsServers: readonly string[];
  /** Networks a scan may reach although they are not public (CIDRs or addresses). */
  readonly scanAllowedNetworks: readonly string[];
  /** The report-signing key (PKCS#8 PEM or base64url Ed25519 seed); absent: generated once and kept in the database. */
  readonly reportSigningKey: string | undefined;
  /** Origins allowed to call POST /mcp from a browser (exact `scheme://host[:port]`); the BASE_URL origin always is. */
  readonly mcpAllowedOrigins: readonly string[];
  /** Host header values POST /mcp answers besides loopback ones on a loopback connection (`host[:port]`); the BASE_URL host always is. */
  readonly mcpAllowedHosts: readonly string[];
  /** Fresh-scan budgets (SCAN_LIMIT_PER_CLIENT_HOUR, SCAN_LIMIT_PER_DOMAIN_HOUR, SCAN_LIMIT_GLOBAL_MINUTE). */
  /** SMTP_URL: send mail through this server; absent, mail goes to the log and the outbox table. */
  readonly smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  readonly mailFrom: string;
  /** SECURITY_CONTACT: the Contact of /.well-known/security.txt and of the contact page (a mailto: or https: URI). */
  readonly securityContact: string;
  /** The Expires of security.txt (ISO 8601 UTC): SECURITY_TXT_EXPIRES, else start-up time plus 180 days. */
  readonly securityTxtExpires: string;
  /** RECHECK_INTERVAL_MINUTES: how often `vetted serve` looks for proofs due for a re-check (0: never). */
  readonly recheckIntervalMinutes: number;
  /** WORKERS=1 (default): this process also runs background jobs; 0: it only serves. */
  readonly workers: boolean;
  /** WORKER_CONCURRENCY: scan jobs this process runs at once. */
  readonly workerConcurrency: number;
  /** RECHECK_CONCURRENCY: proof lookups this process has in flight at once. */
  readonly recheckConcurrency: number;
  /** REFRESH_OBSERVATIONS: renew active entities' trust observations in the background, with the proof sweep. */
  readonly refreshObservations: boolean;
  /** CDN_PURGE_URL: the operator's purge endpoint (http or https), POSTed the surrogate keys after registry writes; absent: no purging. */
  readonly cdnPurgeUrl?: string | undefined;
  /**
   * API_TIERS=on: the daily quota of public reads per tier (API_QUOTA_FREE, API_QUOTA_PRO,
   * API_QUOTA_ENTERPRISE; null is unlimited). Undefined (the default, the beta): no request limit.
   */
  readonly apiTiers?: DailyQuotas | undefined;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; without one, metrics go to loopback clients only. */
  readonly metricsToken: string | undefined;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_MAX_CONNECTIONS_PER_CLIENT, HTTP_MAX_CONNECTIONS. */
  readonly http: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxConnectionsPerClient: number;
    readonly maxConnections: number;
  };
  /** RDAP_BASE_URL: one RDAP server for every TLD instead of the shipped IANA bootstrap table. */
  readonly rdapBaseUrl: string | undefined;
  /** VETTED_URL: the deployed Vetted `vetted check` asks; absent: this configuration's own service (baseUrl). */
  readonly vettedUrl?: string | undefined;
  /** EXTERNAL_DNSBL_ZONES: DNS blocklist zones queried DBL-style for external=true. */
  readonly externalDnsblZones: readonly string[];
  /** EXTERNAL_DEADLINE_MS: the whole external=true answer's deadline. */
  readonly externalDeadlineMs: number;
  /** OBSERVE_LIMIT_PER_MINUTE: first looks at names nobody observed, queued by signals=true reads, per UTC minute across instances (0: none). */
  readonly observeLimitPerMinute: number;
  /** Catalog lines read from BRAND_CATALOG_FILE (`brand.com[: owned.tld …]` or `allow: …`), added to the shipped catalog. */
  readonly extraBrandDomains: readonly string[];
  /** The popularity list read at start from POPULAR_DOMAINS_FILE (the shipped Cloudflare Radar list when unset). */
  readonly popularDomains: PopularDomains;
  readonly scanLimits: { readonly perClientPerHour: number; readonly perDomainPerHour: number; readonly globalPerMinute: number };
  /** WATCH_LIMIT_PER_CLIENT, WATCH_LIMIT_PER_CALLBACK_HOST (active watches), WEBHOOK_RETRY_BASE_SECONDS (the first retry's wait, doubling). */
  readonly watches: { readonly perClient: number; readonly perCallbackHost: number; readonly retryBaseSeconds: number };
}
export const AppConfig = Symbol('AppConfig');

/** The fresh-scan budgets when SCAN_LIMIT_PER_CLIENT_HOUR, SCAN_LIMIT_PER_DOMAIN_HOUR, SCAN_LIMIT_GLOBAL_MINUTE are unset (an instance's documents quote its own). */
export const DEFAULT_SCAN_LIMITS: AppConfig['scanLimits'] = { perClientPerHour: 10, perDomainPerHour: 6, globalPerMinute: 120 };
/** The watch limits and first retry wait when WATCH_LIMIT_PER_CLIENT, WATCH_LIMIT_PER_CALLBACK_HOST, WEBHOOK_RETRY_BASE_SECONDS are unset. */
export const DEFAULT_WATCH_SETTINGS: AppConfig['watches'] = { perClient: 20, perCallbackHost: 100, retryBaseSeconds: 30 };
/** The settings an instance's documents quote: its own, or the defaults. */
export type DocumentedSettings = Pick<AppConfig, 'scanLimits' | 'watches' | 'apiTiers'>;
export const DEFAULT_DOCUMENTED_SETTINGS: DocumentedSettings = { scanLimits: DEFAULT_SCAN_LIMITS, watches: DEFAULT_WATCH_SETTINGS };
