import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorEnvelope } from './answer-schemas.js';

const header = (description: string) => z.string().optional().meta({ description });

/** The quota headers of a counted read (API_TIERS=on), draft-ietf-httpapi-ratelimit-headers. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': header('With API_TIERS=on: the caller\'s tier and daily quota, e.g. "free";q=1000;w=86400 (none for an unlimited tier).'),
  RateLimit: header('With API_TIERS=on: reads left today and seconds until the next UTC day, e.g. "free";r=999;t=3600.'),
};

/** The refusals of a counted read, which only happen with API_TIERS=on. */
export function tierErrors(): Record<number, ResponseConfig> {
  return {
    401: {
      description: 'UNAUTHORIZED (API_TIERS=on): the Authorization header is not a known, unrevoked API key; error.reason says malformed, unknown or revoked.',
      headers: z.object({ 'Cache-Control': header('no-store'), 'WWW-Authenticate': header('Bearer realm="vetted", error="invalid_token"') }),
      content: { 'application/json': { schema: ErrorEnvelope } },
    },
    429: {
      description: "RATE_LIMITED (API_TIERS=on): the tier's daily quota is used up until the next UTC day.",
      headers: z.object({ 'Cache-Control': header('no-store'), 'Retry-After': header('Seconds until the next UTC day.'), ...RATE_LIMIT_HEADERS }),
      content: { 'application/json': { schema: ErrorEnvelope } },
    },
  };
}
