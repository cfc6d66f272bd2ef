import type { Logger } from '../../src/application/ports/logger.js';

/** One call to the logger. */
export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: object;
  readonly message: string;
}

/** A logger that keeps every line in `entries`, for assertions. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  debug(fields: object, message: string): void {
    this.entries.push({ level: 'debug', fields, message });
  }

  info(fields: object, message: string): void {
    this.entries.push({ level: 'info', fields, message });
  }

  warn(fields: object, message: string): void {
    this.entries.push({ level: 'warn', fields, message });
  }

  error(fields: object, message: string): void {
    this.entries.push({ level: 'error', fields, message });
  }
}
