import { z } from 'zod';
import { cacheControlOf, NOT_VERIFIED_CACHING, VERIFIED_CACHING } from '../../../application/views/answer-caching.js';
import { cached } from './responses.js';

/** The caching headers of GET /verify/{domain}, which the badge shares. */
export const VERIFY_CACHE = {
  ...cached(
    `${cacheControlOf(VERIFIED_CACHING)} when verified (never past the entity's expiry), ${cacheControlOf(NOT_VERIFIED_CACHING)} otherwise: a shared cache keeps an answer s-maxage and serves it stale while revalidating at most stale-while-revalidate more, never longer than max-age; no-store for EXPIRED and external=true`,
  ),
  ETag: z.string().optional().meta({
    description:
      'On a cacheable answer: a strong validator of its bytes and media type. Send it back in If-None-Match to get a 304 while the answer is unchanged.',
  }),
  'Surrogate-Key': z.string().optional().meta({
    description:
      'On a cacheable answer: the registrable domain of the name asked about (shop.example.co.uk: example.co.uk). A write under it purges that key at the CDN_PURGE_URL endpoint.',
  }),
  Age: z
    .string()
    .optional()
    .meta({ description: 'On a repeated answer: seconds since it was rendered (at most 60; a write shows at once). Add it to age_seconds.' }),
};

/** The 304 of a cacheable answer. */
export const NOT_MODIFIED = {
  description: 'If-None-Match named the current ETag (or *): no body, the same ETag, Cache-Control, Surrogate-Key and Vary.',
  headers: z.object(VERIFY_CACHE),
};
