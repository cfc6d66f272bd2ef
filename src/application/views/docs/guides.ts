import { DEFAULT_VERIFICATION_DAYS } from '../../../domain/entity.js';
import { DELIVERY_WINDOW_SECONDS } from '../../../domain/events/watch.js';
import { RECHECK_POLICY } from '../../../domain/registration/proof-recheck.js';
import { CHALLENGE_LABEL, REGISTRATION_TTL_DAYS, TXT_PREFIX, WELL_KNOWN_PATH } from '../../../domain/registration/registration.js';
import { NOT_VERIFIED_CACHE_SECONDS, VERIFIED_CACHE_SECONDS } from '../../../domain/registry-verdict.js';
import { METHODOLOGY_VERSION } from '../../../domain/scan/methodology.js';
import { revisionsMarkdown } from '../../../domain/scan/methodology-markdown.js';
import { NEW_BINDING_SECONDS } from '../../../domain/counterparty/payment-check.js';
import { MAX_NAMES_PER_VERIFY, MCP_PROTOCOL_VERSIONS, SERVICE_VERSION } from '../../../domain/service-info.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { CHECK_INTERVAL_SECONDS } from '../../registration/check-registration.js';
import { aDuration, countInWords, duration, durationInWords } from './doc-formats.js';
import { fillTemplate } from './fill-template.js';

const DAY = 86_400;

/** /developers.md: the quick start. */
export function developersGuide(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(templates.text('developers'), { base_url: baseUrl }, 'developers');
}

/** /integration.md: how to call Vetted from code. */
export function integrationGuide(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(
    templates.text('integration'),
    { base_url: baseUrl, not_verified_cache: duration(NOT_VERIFIED_CACHE_SECONDS), verified_cache: aDuration(VERIFIED_CACHE_SECONDS) },
    'integration',
  );
}

/** /verify.md: how to get a domain verified. */
export function verificationGuide(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(
    templates.text('verify'),
    {
      base_url: baseUrl,
      txt_prefix: TXT_PREFIX,
      challenge_label: CHALLENGE_LABEL,
      well_known_path: WELL_KNOWN_PATH,
      registration_ttl: duration(REGISTRATION_TTL_DAYS * DAY, 'day'),
      check_interval: duration(CHECK_INTERVAL_SECONDS, 'second'),
      recheck_interval: duration(RECHECK_POLICY.intervalAfterSuccessDays * DAY, 'day'),
      failures_to_revoke: countInWords(RECHECK_POLICY.failuresToRevoke),
      failure_span: duration(RECHECK_POLICY.failureSpanHours * 3600, 'hour'),
      verification_lifetime: durationInWords(DEFAULT_VERIFICATION_DAYS * DAY),
    },
    'verify',
  );
}

/** /changelog.md: the version history, ending with every methodology revision. */
export function changelog(templates: DocumentTemplates): string {
  const [latest] = MCP_PROTOCOL_VERSIONS;
  return fillTemplate(
    templates.text('changelog'),
    {
      service_version: SERVICE_VERSION,
      methodology_version: METHODOLOGY_VERSION,
      mcp_versions: MCP_PROTOCOL_VERSIONS.join(', '),
      mcp_latest: latest,
      delivery_window: duration(DELIVERY_WINDOW_SECONDS, 'hour'),
      max_names: String(MAX_NAMES_PER_VERIFY),
      new_binding: duration(NEW_BINDING_SECONDS, 'day'),
      methodology_revisions: revisionsMarkdown().join('\n').replace(/\n$/, ''),
    },
    'changelog',
  );
}

/** /docs: the documentation entry, as Markdown. */
export function docsIndex(templates: DocumentTemplates, baseUrl: string): string {
  return fillTemplate(templates.text('docs-index'), { base_url: baseUrl }, 'docs-index');
}
