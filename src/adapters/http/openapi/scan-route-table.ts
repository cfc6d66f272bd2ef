import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { HistoryQuery } from '../routes/report-history-routes.js';
import { ScanRequestBody } from '../routes/scan-routes.js';
import { type AnswerComponents, dataEnvelope as envelopeOf, ErrorEnvelope } from './answer-schemas.js';
import {
  BODY_ERRORS,
  cached,
  enveloped,
  errors,
  HTML,
  json,
  MARKDOWN,
  NO_STORE,
  OPTIONAL_KEY,
  param,
  seeOther,
  STORE_ERRORS,
  answer,
  textAnswer,
  textBody,
} from './responses.js';
import { tierErrors } from './tier-responses.js';

const REPORT_CACHE = cached('public, max-age=86400: a stored report never changes');
const REPORT_PAGE_CACHE = cached('public, max-age=86400 for .json; 300 for the HTML and Markdown pages, which also show readiness now');
const ownPageErrors = { [HTML]: { schema: textBody } };
const TIER_ERRORS = tierErrors();

/** The scan and report routes of the OpenAPI document: requesting a scan, its status, and the stored reports with their history, comparisons and evidence. */
export function scanRoutes(a: AnswerComponents): RouteConfig[] {
  return [
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
  ];
}
