import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { AppConfig } from '../../application/ports/app-config.js';

/** JSON logs on stdout (or the given stream); pino's logger satisfies the Logger port. */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Pino {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'vetted' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['token', '*.token', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    destination,
  );
}
