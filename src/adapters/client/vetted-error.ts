/** The failure envelope's error, as the service sends it: code and message, and the facts beside them. */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly retry_after_seconds?: number;
  readonly [field: string]: unknown;
}

/**
 * A request the service refused or could not answer: `code` is the envelope's error code
 * (VALIDATION_ERROR, NOT_FOUND, UNAUTHORIZED, RATE_LIMITED, SERVICE_UNAVAILABLE, INTERNAL_ERROR…),
 * or `UNREACHABLE` when no answer came (a network failure, the timeout, a body that is not Vetted's).
 */
export class VettedError extends Error {
  override readonly name: string = 'VettedError';

  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The error object of the envelope, every field as sent. */
    readonly body: ErrorBody | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Seconds the service asked to wait before asking again (RATE_LIMITED, SERVICE_UNAVAILABLE), if it said. */
  get retryAfterSeconds(): number | undefined {
    return this.body?.retry_after_seconds;
  }
}

/**
 * EXPIRED: the domain's verification has expired. The contract answers it with HTTP 200 in the
 * failure envelope: the name is not verified, and the decision goes to a person. `answer` holds
 * every field of the answer (`verified: false`, `expired: true`, the entity, readiness).
 */
export class VerificationExpired extends VettedError {
  override readonly name = 'VerificationExpired';

  /** The answer's fields, as the error carries them beside code and message. */
  get answer(): Readonly<Record<string, unknown>> {
    const { code: _code, message: _message, ...fields } = this.body ?? { code: 'EXPIRED', message: '' };
    return fields;
  }
}

/** RATE_LIMITED: the tier's daily quota (or a scan budget) is used up; `retryAfterSeconds` says until when. */
export class RateLimited extends VettedError {
  override readonly name = 'RateLimited';
}

/** The error of an answer: the class for its code, with the envelope's message. */
export function errorOf(status: number, body: ErrorBody): VettedError {
  if (body.code === 'EXPIRED') return new VerificationExpired(body.code, body.message, status, body);
  if (body.code === 'RATE_LIMITED') return new RateLimited(body.code, body.message, status, body);
  return new VettedError(body.code, body.message, status, body);
}
