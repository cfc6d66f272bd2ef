import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { VerifyQuery } from '../routes/registry-routes.js';
import { ANSWER_SCHEMAS, type AnswerSchemas } from '../../../application/views/answer-schemas.js';
import { answerComponents, ErrorEnvelope, JwksAnswer, ReadyAnswer, StatusAnswer } from './answer-schemas.js';
import { mcpRoutes, staticRoutes } from './static-routes.js';
import { registrationRoutes } from './registration-route-table.js';
import { scanRoutes } from './scan-route-table.js';
import { watchRoutes } from './watch-route-table.js';
import { logRoutes } from './log-route-table.js';
import { cacheControlOf, NOT_VERIFIED_CACHING, VERIFIED_CACHING } from '../../../application/views/answer-caching.js';
import { tierErrors } from './tier-responses.js';
import {
  cached,
  COMMON_ERRORS,
  enveloped,
  errors,
  HTML,
  MARKDOWN,
  NO_STORE,
  STORE_ERRORS,
  answer,
  textAnswer,
  textBody,
  json,
  OPTIONAL_KEY,
  param,
} from './responses.js';

const VERIFY_CACHE = {
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
const NOT_MODIFIED = {
  description: 'If-None-Match named the current ETag (or *): no body, the same ETag, Cache-Control, Surrogate-Key and Vary.',
  headers: z.object(VERIFY_CACHE),
};
// A counted public read: anonymous, or with an API key; 401 and 429 only with API_TIERS=on.
const TIER_ERRORS = tierErrors();

/**
 * Every operation the HTTP API serves, written out: the test holds it against the routes the
 * server mounts. The answers are described by `schemas` (the views' own, unless a test changes one).
 */
export function routeTable(schemas: AnswerSchemas = ANSWER_SCHEMAS): RouteConfig[] {
  const a = answerComponents(schemas);
  return [
    {
      method: 'get',
      path: '/status',
      tags: ['registry'],
      summary: 'Liveness: needs no database',
      responses: { 200: enveloped('The service is up.', StatusAnswer), ...errors(COMMON_ERRORS) },
    },
    {
      method: 'get',
      path: '/status/ready',
      tags: ['registry'],
      summary: 'Readiness: the database answers within 2 s',
      responses: { 200: enveloped('Ready to serve.', ReadyAnswer), ...errors(STORE_ERRORS) },
    },
    {
      method: 'get',
      path: '/verify/{domain}',
      tags: ['registry'],
      summary: 'What the registry says about a domain now',
      description:
        'With signals=true (and external=true) the answer adds the trust assessment. An expired verification answers 200 in the failure envelope with code EXPIRED. ' +
        'A cacheable answer carries an ETag (304 to a matching If-None-Match) and Surrogate-Key, the key the service purges after a write under the name when CDN_PURGE_URL is set. ' +
        'With Accept: application/jose or format=jws the answer is a compact JWS (RFC 7515) of the same data as JWT claims, plus iss, sub, iat and exp (the cache lifetime, at least 60 s), signed EdDSA with the key of /.well-known/jwks.json named by kid.',
      request: { params: param('domain', 'A domain or host name.'), query: VerifyQuery },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'The registry status, or EXPIRED; or the signed answer.',
          { ...json(z.union([dataEnvelope(a.VerifyWithSignals, a.Verify), ErrorEnvelope])), 'application/jose': { schema: textBody } },
          VERIFY_CACHE,
        ),
        304: NOT_MODIFIED,
        ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]),
        ...TIER_ERRORS,
      },
    },
    {
      method: 'get',
      path: '/badge/{domain}.svg',
      tags: ['registry'],
      summary: 'A badge of the latest readiness and score',
      description:
        'An SVG badge (role img, with a title) saying the readiness and score of the latest report, "not scanned" or "blocked". Only Vetted\'s words: never text the site chose.',
      request: { params: param('domain', 'A domain or host name.') },
      responses: {
        200: answer('The badge.', { 'image/svg+xml': { schema: textBody } }, { ...VERIFY_CACHE, ...cached('as GET /verify of the domain') }),
        304: NOT_MODIFIED,
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      path: '/lookup/{id}',
      tags: ['registry'],
      summary: 'One registry entity by id',
      request: { params: param('id', 'An entity id: ent_ followed by letters and a number.') },
      security: OPTIONAL_KEY,
      responses: {
        200: enveloped('The entity.', a.Entity, cached('public, max-age=300')),
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
        ...TIER_ERRORS,
      },
    },
    {
      method: 'get',
      path: '/domains',
      tags: ['registry'],
      summary: "The home page's check form: to the domain's verdict page",
      request: { query: z.object({ domain: z.string().meta({ description: 'A domain name, or a URL whose host name is checked.' }) }) },
      responses: { 303: { description: 'To /domains/{domain}.' }, ...errors(['VALIDATION_ERROR']) },
    },
    {
      method: 'get',
      path: '/domains/{domain}',
      tags: ['registry'],
      summary: "A domain's verdict page, for the person who decides",
      description:
        'HTML (GET /verify/{domain} answers the same page to a client preferring text/html): the verdict in a sentence, the trust score with every signal, the guidance, a lookalike warning, readiness with a Scan again button, the badge and how to watch the domain; the words of the signals=true answer.',
      request: { params: param('domain', 'A domain or host name.') },
      responses: { 200: answer('The page.', { [HTML]: { schema: textBody } }, cached('public, max-age=60')), ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]) },
    },
    {
      method: 'get',
      path: '/entities/{id}',
      tags: ['registry'],
      summary: "A registry entity's page",
      description: 'HTML (GET /lookup/{id} answers the same page to a client preferring text/html): the lookup answer in words.',
      request: { params: param('id', 'An entity id: ent_ followed by letters and a number.') },
      responses: {
        200: answer('The page.', { [HTML]: { schema: textBody } }, cached('public, max-age=60')),
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      path: '/',
      tags: ['scans'],
      summary: 'The home page with its scan form',
      responses: {
        200: answer(
          'HTML, or Markdown for Accept: text/markdown.',
          { [HTML]: { schema: textBody }, [MARKDOWN]: { schema: textBody } },
          { ...cached('public, max-age=300'), Link: z.string().meta({ description: 'The API catalog, the OpenAPI document and the docs (RFC 8288).' }) },
        ),
        ...errors(COMMON_ERRORS),
      },
    },
    ...scanRoutes(a),
    {
      method: 'get',
      path: '/account/usage',
      tags: ['registry'],
      summary: "An API key's usage: today and the 30 days before",
      description:
        "Counts of the public reads made with the key (every instance's, as of its last sync, a second at most behind), its tier and daily quota. Not itself counted.",
      security: [{ apiKey: [] }],
      responses: { 200: enveloped('The usage.', a.Usage), ...errors(['UNAUTHORIZED', ...STORE_ERRORS]) },
    },
    ...registrationRoutes(a),
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      tags: ['reports'],
      summary: 'The keys that sign reports',
      responses: { 200: answer('A JSON Web Key Set.', { 'application/jwk-set+json': { schema: JwksAnswer } }), ...errors(STORE_ERRORS) },
    },
    {
      method: 'get',
      path: '/metrics',
      tags: ['operations'],
      summary: 'Prometheus metrics (loopback, or METRICS_TOKEN)',
      request: { headers: z.object({ Authorization: z.string().optional().meta({ description: 'Bearer <METRICS_TOKEN>, from anywhere but loopback.' }) }) },
      responses: {
        200: textAnswer('The Prometheus text exposition format.', 'text/plain; version=0.0.4; charset=utf-8', NO_STORE),
        ...errors(['UNAUTHORIZED', 'FORBIDDEN', ...COMMON_ERRORS]),
      },
    },
    {
      method: 'get',
      path: '/openapi.json',
      tags: ['docs'],
      summary: 'This document',
      responses: { 200: answer('The OpenAPI 3.1 description of the HTTP API.', json(z.looseObject({ openapi: z.string() }))) },
    },
    ...watchRoutes(a),
    ...logRoutes(a),
    ...staticRoutes(),
    ...mcpRoutes(),
  ];
}

/** An envelope whose data is either of two answers (the richer one first). */
function dataEnvelope(rich: z.ZodType, plain: z.ZodType) {
  return z.strictObject({ success: z.literal(true), data: z.union([rich, plain]) });
}
