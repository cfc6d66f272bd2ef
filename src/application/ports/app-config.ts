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
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  readonly trustProxy: boolean;
}
export const AppConfig = Symbol('AppConfig');
