import { NOT_VERIFIED_CACHE_SECONDS, VERIFIED_CACHE_SECONDS } from '../../../domain/registry-verdict.js';
import { MAX_NAMES_PER_VERIFY, MAX_REQUEST_BODY_BYTES, REGISTRY_API_VERSION, SERVICE_VERSION } from '../../../domain/service-info.js';
import { SIGNAL_MAX } from '../../../domain/trust/trust-signals.js';
import type { AgentToolSummary } from '../../ports/agent-tools.js';
import { DEFAULT_DOCUMENTED_SETTINGS, type DocumentedSettings } from '../../ports/app-config.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { CHECK_INTERVAL_SECONDS } from '../../registration/check-registration.js';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from '../../scan/report-history.js';
import { SCAN_WAIT_MS } from '../../scan/request-scan.js';
import { cacheControlOf, NOT_VERIFIED_CACHING, VERIFIED_CACHING } from '../answer-caching.js';
import { ANSWER_SCHEMAS, type AnswerSchemas } from '../answer-schemas.js';
import { fieldList } from './answer-fields.js';
import { answerReference } from './answer-reference.js';
import { USAGE_DAYS_KEPT } from '../../access/usage-sync.js';
import { transparencyLogGuide } from './log-guide.js';
import { duration, kibibytes, namedCounts, scanBudgets, shortDuration } from './doc-formats.js';
import { apiKeyShape, rateLimitExample, tiersState } from './tier-formats.js';
import { fillTemplate } from './fill-template.js';
import { signedAnswersGuide } from './signed-answers-guide.js';
import { trustGuide } from './trust-guide.js';
import { watchesGuide } from './watches-guide.js';

/**
 * /api.md: the complete HTTP API in agent-readable form, with its sections (signed answers, watches,
 * trust) and the "Answers" tables. The answers' fields (the summaries and the tables) are generated
 * from `schemas`, the views' own unless a test changes one.
 */
export function apiReference(
  templates: DocumentTemplates,
  baseUrl: string,
  tools: readonly AgentToolSummary[],
  schemas: AnswerSchemas = ANSWER_SCHEMAS,
  settings: DocumentedSettings = DEFAULT_DOCUMENTED_SETTINGS,
): string {
  const fields = (key: keyof AnswerSchemas) => `\`${fieldList(schemas[key])}\``;
  return fillTemplate(
    templates.text('api'),
    {
      base_url: baseUrl,
      api_version: REGISTRY_API_VERSION,
      service_version: SERVICE_VERSION,
      counted_tools: countedTools(tools),
      verify_fields: fields('verify'),
      trust_fields: fields('trust'),
      entity_fields: fields('entity'),
      scan_result_fields: fields('scanResult'),
      registration_fields: fields('registration'),
      check_interval: duration(CHECK_INTERVAL_SECONDS, 'second'),
      scan_status_fields: fields('scanStatus'),
      verified_cache: duration(VERIFIED_CACHE_SECONDS),
      not_verified_cache: duration(NOT_VERIFIED_CACHE_SECONDS),
      verified_cache_control: cacheControlOf(VERIFIED_CACHING),
      not_verified_cache_control: cacheControlOf(NOT_VERIFIED_CACHING),
      signal_maxima: namedCounts(SIGNAL_MAX),
      history_page_limits: `1 to ${HISTORY_PAGE_MAX}, default ${HISTORY_PAGE_DEFAULT}`,
      scan_wait: shortDuration(SCAN_WAIT_MS / 1000),
      scan_budgets: scanBudgets(settings.scanLimits),
      body_limit: kibibytes(MAX_REQUEST_BODY_BYTES),
      max_names: String(MAX_NAMES_PER_VERIFY),
      usage_fields: fields('usage'),
      tiers_state: tiersState(settings.apiTiers),
      usage_history: `${USAGE_DAYS_KEPT - 1} days before`,
      key_shape: apiKeyShape(),
      rate_limit_example: rateLimitExample(),
      transparency_log: transparencyLogGuide(baseUrl),
      signed_answers: signedAnswersGuide(templates, baseUrl),
      watches: watchesGuide(templates, baseUrl, settings.watches),
      trust: trustGuide(templates),
      answer_reference: answerReference(schemas).replace(/\n$/, ''),
    },
    'api',
  );
}

// The MCP tools whose calls are public reads, as their own hints say: `a`, `b` and `c`.
function countedTools(tools: readonly AgentToolSummary[]): string {
  const names = tools.filter((tool) => tool.readOnly).map((tool) => `\`${tool.name}\``);
  if (names.length === 0) return 'none';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
