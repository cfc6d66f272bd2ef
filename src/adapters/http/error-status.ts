import type { ErrorCode } from '../../application/errors.js';

/** HTTP status for each application error code; the only place that knows it. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  VALIDATION_ERROR: 400,
  EXPIRED: 200,
  RATE_LIMITED: 429,
  SCAN_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  REQUEST_TIMEOUT: 408,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
};
