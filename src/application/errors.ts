/** Every failure the application reports on purpose. Driving adapters map each code to their own protocol once. */
export type ErrorCode =
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'VALIDATION_ERROR'
  | 'EXPIRED'
  | 'RATE_LIMITED'
  | 'SCAN_UNAVAILABLE'
  | 'SERVICE_UNAVAILABLE'
  | 'REQUEST_TIMEOUT'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_ERROR';

/** Extra, machine-readable facts about a failure (never secrets, never stack traces). */
export interface ErrorDetails {
  readonly retryAfterSeconds?: number;
  readonly [key: string]: unknown;
}

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
