import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isAppError } from '../../application/errors.js';

/** `_meta` key of a failed call's error code. Vetted's own prefix: `mcp` and `modelcontextprotocol` ones are reserved. */
export const ERROR_CODE_META_KEY = 'vetted/error_code';

/** `_meta` key of the whole seconds to wait before a fresh scan is worth asking for again. */
export const RETRY_AFTER_META_KEY = 'vetted/retry_after_seconds';

const SCAN_REFUSALS = new Set(['RATE_LIMITED', 'SCAN_UNAVAILABLE']);
// Errors that carry a wait: the text says how long, and _meta holds it.
const RETRYABLE = new Set(['RATE_LIMITED', 'SCAN_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);

/**
 * A failed tool call as the model reads it: `isError` true, `CODE: message` in the text, the code
 * in `_meta`, and no structuredContent (clients check it against the output schema; see
 * answeredErrorResult for the one failure that carries an answer).
 * When fresh scanning is refused (RATE_LIMITED, SCAN_UNAVAILABLE) the text says "retry after N
 * seconds" and that the read-only tools keep working, and `_meta` carries N as an integer.
 * Anything but an AppError becomes INTERNAL_ERROR without its details: `onUnexpected` is told
 * (to log it) and `reference` (the request id) is quoted instead.
 */
/**
 * A failed call as a tool result with isError. `readOnlyTools` names the tools that read stored data
 * only and keep answering while fresh scans are refused (the catalog's read-only tools).
 */
export function toolErrorResult(
  error: unknown,
  reference: string,
  onUnexpected: (error: unknown) => void,
  readOnlyTools: readonly string[] = [],
): CallToolResult {
  if (!isAppError(error)) {
    onUnexpected(error);
    return errorResult('INTERNAL_ERROR', `Internal error; quote request id ${reference} when reporting it.`, {});
  }
  const sentences = [sentence(error.message)];
  const meta: Record<string, unknown> = {};
  const retry = error.details.retryAfterSeconds;
  if (RETRYABLE.has(error.code)) {
    const seconds = Math.max(1, Math.ceil(typeof retry === 'number' && Number.isFinite(retry) ? retry : 60));
    meta[RETRY_AFTER_META_KEY] = seconds;
    if (!error.message.toLowerCase().includes(`retry after ${seconds} seconds`)) sentences.push(`Retry after ${seconds} seconds.`);
    // A used-up daily quota of reads stops the read-only tools too: nothing keeps working until the reset.
    if (SCAN_REFUSALS.has(error.code) && error.details.limit !== 'daily_quota' && readOnlyTools.length > 0)
      sentences.push(`Meanwhile the read-only tools ${readOnlyTools.join(', ')} keep working on stored data.`);
  }
  return errorResult(error.code, sentences.join(' '), meta);
}

function errorResult(code: string, message: string, meta: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: `${code}: ${message}` }],
    isError: true,
    _meta: { [ERROR_CODE_META_KEY]: code, ...meta },
  };
}

function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A failure that still answers, as HTTP's failure envelope does (EXPIRED: 200 with the answer's
 * fields beside code and message): `isError` true and the code in `_meta` as for any failure, the
 * answer (which fits the tool's output schema) as structuredContent, and in the text after the
 * `CODE: message` line.
 */
export function answeredErrorResult(code: string, message: string, answer: Record<string, unknown>, structured: boolean): CallToolResult {
  const failure = errorResult(code, sentence(message), {});
  const content: CallToolResult['content'] = [{ type: 'text', text: `${code}: ${sentence(message)}\n${JSON.stringify(answer)}` }];
  return structured ? { ...failure, content, structuredContent: answer } : { ...failure, content };
}
