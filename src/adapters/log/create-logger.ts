import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { AppConfig } from '../../application/ports/app-config.js';
import { maskCredentials } from '../shared/mask-credentials.js';

/**
 * JSON logs on stdout (or the given stream); pino's logger satisfies the Logger port. Stdout is
 * written asynchronously, lines that arrive during a write going out together with the next one: a
 * synchronous write per request line cost the hot path more than the request itself. Every line
 * has the credentials of any URL in it masked, whichever field or error message carries it. Call
 * flushLogger before the process exits.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Pino {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'vetted' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['token', '*.token', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    masking(destination ?? pino.destination({ dest: 1, sync: false })),
  );
}

/** `sink`, with every line's URL credentials masked on the way (pino writes one whole line a call). */
function masking(sink: DestinationStream & { flush?: (cb?: (error?: Error) => void) => void }): DestinationStream {
  return {
    write: (line: string) => sink.write(maskCredentials(line)),
    ...(sink.flush ? { flush: (cb?: (error?: Error) => void) => sink.flush!(cb) } : {}),
  } as DestinationStream;
}

/** Writes out whatever the logger still buffers. */
export function flushLogger(logger: unknown): Promise<void> {
  const flush = (logger as Partial<Pino>).flush;
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => flush.call(logger, () => resolve()));
}
