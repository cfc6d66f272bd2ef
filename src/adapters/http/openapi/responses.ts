import type { ResponseConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { ErrorCode } from '../../../application/errors.js';
import { ERROR_STATUS } from '../error-status.js';
import { dataEnvelope, ErrorEnvelope } from './answer-schemas.js';

// Builders of the response objects the routes' OpenAPI operations are written with.

const header = (description: string) => z.string().meta({ description });

/** Cache-Control as the route sends it (`no-store`, or `public, max-age=N`). */
export function cached(note: string) {
  return { 'Cache-Control': header(note) };
}

export const NO_STORE = cached('no-store');
const HOUR = cached('public, max-age=3600');

/** Media types of the pages and files the API serves. */
export const HTML = 'text/html; charset=utf-8';
export const MARKDOWN = 'text/markdown; charset=utf-8';
export const PLAIN = 'text/plain; charset=utf-8';
export const textBody = z.string();

/** A 200 (or `status`) answer in the success envelope around `data`. */
export function enveloped(description: string, data: z.ZodType, headers: Record<string, z.ZodType> = NO_STORE): ResponseConfig {
  return { description, headers: z.object(headers), content: { 'application/json': { schema: dataEnvelope(data) } } };
}

/** An answer in one or more media types, each with its schema. */
export function answer(description: string, content: ZodContentObject, headers: Record<string, z.ZodType> = HOUR): ResponseConfig {
  return { description, headers: z.object(headers), content };
}

/** A text answer (HTML, Markdown, plain text, XML) of `type`. */
export function textAnswer(description: string, type: string, headers: Record<string, z.ZodType> = HOUR): ResponseConfig {
  return answer(description, { [type]: { schema: textBody } }, headers);
}

/** A redirect: no body, a Location header. */
export function seeOther(description: string): ResponseConfig {
  return { description, headers: z.object({ Location: header('Where to go next.'), ...NO_STORE }) };
}

/**
 * The error responses of `codes`, grouped by status, each in the failure envelope (or `content`
 * for routes that answer errors in their own media type), never cached; 429 and 503 carry
 * Retry-After.
 */
export function errors(codes: readonly ErrorCode[], content?: ZodContentObject): Record<number, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<number, ResponseConfig> = {};
  for (const [status, list] of byStatus) {
    const retry = status === 429 || status === 503 ? { 'Retry-After': header('Seconds to wait before trying again.') } : {};
    out[status] = {
      description: list.join(' or '),
      headers: z.object({ ...NO_STORE, ...retry }),
      content: content ?? { 'application/json': { schema: ErrorEnvelope } },
    };
  }
  return out;
}

/** The failure any route may answer: an unexpected fault. */
export const COMMON_ERRORS: readonly ErrorCode[] = ['INTERNAL_ERROR'];
/** What a route that reads the database adds: the store briefly unreachable. */
export const STORE_ERRORS: readonly ErrorCode[] = [...COMMON_ERRORS, 'SERVICE_UNAVAILABLE'];
/** What a route reading a JSON body adds. */
export const BODY_ERRORS: readonly ErrorCode[] = ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

/** A path parameter `name`, described. */
export const param = (name: string, description: string) => z.object({ [name]: z.string().meta({ description }) });

/** A JSON body of `schema`. */
export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** A public read: anonymous, or with an API key for its tier's quota. */
export const OPTIONAL_KEY: Array<Record<string, string[]>> = [{}, { apiKey: [] }];
