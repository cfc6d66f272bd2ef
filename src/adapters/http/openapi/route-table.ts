import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { HistoryQuery } from '../routes/report-history-routes.js';
import { VerifyQuery } from '../routes/registry-routes.js';
import { ScanRequestBody } from '../routes/scan-routes.js';
import { ANSWER_SCHEMAS, type AnswerSchemas } from '../../../application/views/answer-schemas.js';
import { answerComponents, ErrorEnvelope, JwksAnswer, ReadyAnswer, StatusAnswer, dataEnvelope as envelopeOf } from './answer-schemas.js';
import { mcpRoutes, staticRoutes } from './static-routes.js';
import { registrationRoutes } from './registration-route-table.js';
import { watchRoutes } from './watch-route-table.js';
import { logRoutes } from './log-route-table.js';
import { cacheControlOf, NOT_VERIFIED_CACHING, VERIFIED_CACHING } from '../../../application/views/answer-caching.js';
import { tierErrors } from './tier-responses.js';
import {
  BODY_ERRORS,
  cached,
  COMMON_ERRORS,
  enveloped,
  errors,
  HTML,
  MARKDOWN,
  NO_STORE,
  seeOther,
  STORE_ERRORS,
  answer,
  textAnswer,
  textBody,
} from './responses.js';

const param = (name: string, description: string) => z.object({ [name]: z.string().meta({ description }) });
const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
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
const REPORT_CACHE = cached('public, max-age=86400: a stored report never changes');
const REPORT_PAGE_CACHE = cached('public, max-age=86400 for .json; 300 for the HTML and Markdown pages, which also show readiness now');
const ownPageErrors = { [HTML]: { schema: textBody } };
// A counted public read: anonymous, or with an API key; 401 and 429 only with API_TIERS=on.
const OPTIONAL_KEY: Array<Record<string, string[]>> = [{}, { apiKey: [] }];
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
    {
      method: 'post',
      path: '/api/scan',
      tags: ['scans'],
      summary: 'Scan a site now',
      description:
        'A JSON body answers 201 with the report when the scan ends within 30 s, else (or with Prefer: respond-async) 202 with the job. A form post answers 303 to the progress page.',
      request: {
        headers: z.object({ Prefer: z.string().optional().meta({ description: 'respond-async: answer 202 at once (RFC 7240).' }) }),
        body: {
          required: true,
          content: { 'application/json': { schema: ScanRequestBody }, 'application/x-www-form-urlencoded': { schema: ScanRequestBody } },
        },
      },
      responses: {
        201: enveloped('The scan ended: the scan result.', a.ScanResult, { ...NO_STORE, Location: z.string().meta({ description: 'The report page.' }) }),
        202: enveloped('The scan is queued or running: poll the job.', a.ScanStatus, {
          ...NO_STORE,
          Location: z.string().meta({ description: 'The job status (GET /api/scans/{id}).' }),
          'Preference-Applied': z.string().optional().meta({ description: 'respond-async, when asked.' }),
        }),
        303: seeOther('A form post: to the progress page, or the report.'),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', 'SCAN_UNAVAILABLE', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      path: '/api/scans/{id}',
      tags: ['scans'],
      summary: 'A scan job as it goes (poll it)',
      request: { params: param('id', 'The scan id.') },
      responses: { 200: enveloped('The job: state, probes done, then the scan result or the error.', a.ScanStatus), ...errors(['NOT_FOUND', ...STORE_ERRORS]) },
    },
    {
      method: 'get',
      path: '/scans/{id}',
      tags: ['scans'],
      summary: 'The progress page of a scan job',
      request: { params: param('id', 'The scan id.') },
      responses: {
        200: textAnswer(
          'The scan is still going after 25 s: the probes finished so far and a Check again link (or the failure). It never reloads itself.',
          HTML,
          NO_STORE,
        ),
        303: seeOther('The scan ended within 25 s: to the report.'),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], ownPageErrors),
      },
    },
    {
      method: 'get',
      path: '/reports/{file}',
      tags: ['reports'],
      summary: 'A stored report as HTML, JSON or Markdown',
      request: { params: param('file', '{id} for the HTML page, {id}.json for the signed JSON, {id}.md for Markdown.') },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'The report.',
          { [HTML]: { schema: textBody }, 'application/json': { schema: a.Report }, [MARKDOWN]: { schema: textBody } },
          REPORT_PAGE_CACHE,
        ),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], {
          [HTML]: { schema: textBody },
          'application/json': { schema: ErrorEnvelope },
          [MARKDOWN]: { schema: textBody },
        }),
        ...TIER_ERRORS,
      },
    },
    {
      method: 'get',
      path: '/reports',
      tags: ['reports'],
      summary: 'The report history of a domain, newest first',
      description:
        'HTML by default, JSON (the envelope) or Markdown by Accept. Each report says what changed since the previous one; next_url pages on (opaque cursor).',
      request: { query: HistoryQuery },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'A page of history.',
          { [HTML]: { schema: textBody }, 'application/json': { schema: envelopeOf(a.ReportHistory) }, [MARKDOWN]: { schema: textBody } },
          cached('public, max-age=60'),
        ),
        ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]),
        ...TIER_ERRORS,
      },
    },
    {
      method: 'get',
      path: '/reports/{id}/diff/{other}',
      tags: ['reports'],
      summary: 'Two reports of one domain compared',
      request: { params: param('id', 'A report id.').extend({ other: z.string().meta({ description: 'Another report id of the same domain.' }) }) },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'What changed, older first.',
          { [HTML]: { schema: textBody }, 'application/json': { schema: envelopeOf(a.ReportChange) }, [MARKDOWN]: { schema: textBody } },
          cached('public, max-age=60'),
        ),
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
        ...TIER_ERRORS,
      },
    },
    {
      method: 'get',
      path: '/reports/{id}/evidence/{n}',
      tags: ['reports'],
      summary: 'One evidence item of a report',
      request: {
        params: param('id', 'The report id.').extend({
          n: z
            .string()
            .regex(/^[1-9]\d*$/)
            .meta({ description: 'The item number, from 1.' }),
        }),
      },
      security: OPTIONAL_KEY,
      responses: { 200: answer('The evidence item.', json(a.EvidenceItem), REPORT_CACHE), ...errors(['NOT_FOUND', ...STORE_ERRORS]), ...TIER_ERRORS },
    },
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
