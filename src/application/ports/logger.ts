/**
 * Structured logging. Adapters: the pino logger. Fake: a recording logger.
 * `fields` are logged as JSON fields; never put secrets in them.
 */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
export const Logger = Symbol('Logger');
