import { parseAgentsMd } from '../parsers/agents-md.js';
import { parseA2aAgentCard } from '../parsers/a2a-agent-card.js';
import { parseMcpServerCard } from '../parsers/json-declarations.js';
import { parseAgentLinks } from '../parsers/link-header.js';
import { parseLlmsTxt } from '../parsers/llms-txt.js';
import { parseOpenApiDocument } from '../parsers/openapi-document.js';
import { parseAuthorizationServerMetadata, parseProtectedResourceMetadata } from '../parsers/oauth-metadata.js';
import {
  parseAcpDiscovery,
  parseAgentSkillsIndex,
  parseAp2Extension,
  parseApiCatalog,
  parseSignaturesDirectory,
  parseUcpProfile,
} from '../parsers/well-known-metadata.js';
import { parseX402 } from '../parsers/x402.js';
import { PROBES, type ProbeId } from '../probes.js';
import type { CheckResult } from '../report.js';
import { declarationProblem, type DeclarationWithReasons } from '../declaration-reasons.js';
import { counted } from '../words.js';
import { homepageFacts } from './identity-checks.js';
import { declaration, evidenceOf, failureOf, isSuccess, responseOf, type ScanObservations } from './observations.js';

/** Optional declarations: recorded separately, never scored, absence is `info`. */
export function declarationChecks(obs: ScanObservations): CheckResult[] {
  return [
    document(obs, 'agents_md', 'agents_md', (t) => parseAgentsMd(t)),
    document(obs, 'llms_txt', 'llms_txt', (t) => parseLlmsTxt(t)),
    atEitherPath(
      obs,
      'mcp_server_card',
      ['mcp_server_card', 'mcp_json'],
      parseMcpServerCard,
      (card) => `Declared with ${counted(card.endpoints.length, 'endpoint')}${card.toolCount === null ? '' : ` and ${counted(card.toolCount, 'tool')}`}.`,
    ),
    document(obs, 'a2a_agent_card', 'agent_card', (t) => parseA2aAgentCard(t)),
    x402(obs),
    document(obs, 'openapi', 'openapi', (t) => parseOpenApiDocument(t)),
    markdownNegotiation(obs),
    linkHeaders(obs),
    webMcp(obs),
    document(obs, 'api_catalog', 'api_catalog', (t) => parseApiCatalog(t)),
    // Fetched at the site's root, the metadata identifies the origin: resource and issuer must be it.
    document(obs, 'oauth_protected_resource', 'oauth_protected_resource', (t) => parseProtectedResourceMetadata(t, `https://${obs.domain}`)),
    // RFC 8414 metadata, or OpenID Connect discovery, which carries the same members.
    atEitherPath(
      obs,
      'oauth_authorization_server',
      ['oauth_authorization_server', 'openid_configuration'],
      (t, probe) => parseAuthorizationServerMetadata(t, `https://${obs.domain}`, probe === 'openid_configuration'),
      (m) => `Declared with ${counted(m.count, 'response type')}.`,
    ),
    document(obs, 'web_bot_auth', 'signatures_directory', (t) => parseSignaturesDirectory(t)),
    document(obs, 'agent_skills', 'agent_skills', (t) => parseAgentSkillsIndex(t)),
    document(obs, 'ucp', 'ucp_profile', (t) => parseUcpProfile(t)),
    document(obs, 'acp', 'acp_discovery', (t) => parseAcpDiscovery(t)),
    ap2(obs),
  ];
}

function document(
  obs: ScanObservations,
  id: DeclarationWithReasons,
  probe: ProbeId,
  parse: (text: string) => { valid: boolean; errors: readonly string[] },
): CheckResult {
  const ev = evidenceOf(obs, probe);
  const res = responseOf(obs, probe);
  if (!isSuccess(res)) return declaration(id, 'info', `Not declared (${failureOf(obs, probe)}).`, ev);
  const parsed = parse(res.bodyText);
  if (parsed.valid) return declaration(id, 'pass', 'Declared and well-formed.', ev);
  return declaration(id, 'warn', `Present but not usable. ${declarationProblem(id, parsed.errors, obs.domain)}`, ev);
}

// A document that may sit at either of two paths: the first usable one counts.
function atEitherPath<P extends { valid: boolean; errors: readonly string[] }>(
  obs: ScanObservations,
  id: DeclarationWithReasons,
  probes: readonly [ProbeId, ProbeId],
  parse: (text: string, probe: ProbeId) => P,
  passed: (parsed: P) => string,
): CheckResult {
  const ev = evidenceOf(obs, ...probes);
  const found = probes.filter((p) => isSuccess(responseOf(obs, p)));
  if (found.length === 0) return declaration(id, 'info', 'Not declared at either path.', ev);
  const parsed = found.map((p) => parse(responseOf(obs, p)!.bodyText, p));
  const valid = parsed.find((p) => p.valid);
  if (valid) return declaration(id, 'pass', passed(valid), ev);
  const origin = `https://${obs.domain}`;
  const where =
    PROBES.find((p) => p.id === found[0])
      ?.url(obs.domain)
      .slice(origin.length) ?? 'its path';
  return declaration(id, 'warn', `Present but not usable at ${where}. ${declarationProblem(id, parsed[0]!.errors, obs.domain)}`, ev);
}

function x402(obs: ScanObservations): CheckResult {
  for (const [id, p] of Object.entries(obs.probes)) {
    if (!p?.result.ok || p.result.status !== 402) continue;
    const parsed = parseX402(402, p.result.headers, p.result.bodyText);
    const ev = evidenceOf(obs, id as ProbeId);
    if (parsed.detected && parsed.errors.length === 0) {
      return declaration('x402', 'pass', `HTTP 402 with x402 v${parsed.version} requirements (${parsed.acceptsCount} accepted).`, ev);
    }
    return declaration('x402', 'warn', `HTTP 402 without usable payment requirements. ${declarationProblem('x402', parsed.errors, obs.domain)}`, ev);
  }
  return declaration('x402', 'info', 'No probe answered 402.', []);
}

function markdownNegotiation(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'markdown_root');
  const res = responseOf(obs, 'markdown_root');
  if (isSuccess(res) && /^\s*text\/markdown\b/i.test(res.headers['content-type'] ?? '')) {
    if (res.bodyText.trim() === '')
      return declaration(
        'markdown_negotiation',
        'warn',
        "Accept: text/markdown is answered with an empty text/markdown body: answer with the page's content in Markdown.",
        ev,
      );
    // RFC 9110 §12.5.5: without Vary, a shared cache may hand the Markdown to a browser that asked for HTML.
    if (!variesOnAccept(res.headers.vary)) {
      return declaration(
        'markdown_negotiation',
        'warn',
        'Accept: text/markdown is answered with text/markdown but without `Vary: Accept`, so a shared cache may serve the Markdown to browsers: send `Vary: Accept` with both the HTML and the Markdown answer.',
        ev,
      );
    }
    return declaration('markdown_negotiation', 'pass', 'Accept: text/markdown is answered with text/markdown, and the answer varies on Accept.', ev);
  }
  return declaration(
    'markdown_negotiation',
    'info',
    res ? `Answered ${res.headers['content-type'] ? 'another type' : 'no type'} (HTTP ${res.status}).` : 'No answer.',
    ev,
  );
}

/** Whether a Vary header names Accept (or `*`), read as its comma-separated field names. */
function variesOnAccept(vary: string | undefined): boolean {
  return (vary ?? '')
    .slice(0, 1024)
    .split(',')
    .some((name) => ['accept', '*'].includes(name.trim().toLowerCase()));
}

function linkHeaders(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const res = responseOf(obs, 'https_root');
  const header = res?.headers.link;
  if (header === undefined) return declaration('link_headers', 'info', res ? 'The homepage sends no Link header.' : 'No homepage answer.', ev);
  const links = parseAgentLinks(header);
  if (links.errors.length > 0)
    return declaration('link_headers', 'warn', `A Link header that cannot be read. ${declarationProblem('link_headers', links.errors, obs.domain)}`, ev);
  if (!links.found)
    return declaration(
      'link_headers',
      'info',
      'The Link header names no relation for agents (api-catalog, service-desc, service-doc, service-meta, describedby, a Markdown alternate).',
      ev,
    );
  return declaration('link_headers', 'pass', `The Link header offers: ${links.relations.join(', ')}.`, ev);
}

// WebMCP's declarative API: forms named as tools, with a description an agent can choose by.
function webMcp(obs: ScanObservations): CheckResult {
  const home = homepageFacts(obs);
  if (!home) return declaration('webmcp', 'info', 'No homepage to read.', []);
  const tools = home.facts.webMcpTools;
  if (tools.length === 0) return declaration('webmcp', 'info', 'No form on the homepage is declared as a tool.', home.evidence);
  const valid = tools.filter((t) => t.described && /^[A-Za-z0-9_.-]{1,128}$/.test(t.name));
  if (valid.length === tools.length)
    return declaration('webmcp', 'pass', `${counted(tools.length, 'form')} declared as ${tools.length === 1 ? 'a tool' : 'tools'}.`, home.evidence);
  const bad = tools.length - valid.length;
  return declaration(
    'webmcp',
    'warn',
    `${bad} of ${counted(tools.length, 'form')} declared as tools ${bad === 1 ? 'lacks' : 'lack'} a tooldescription or a tool name of letters, digits, _ . - only.`,
    home.evidence,
  );
}

// AP2 v0.1 lives inside the A2A agent card, as one of its extensions.
function ap2(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'agent_card');
  const res = responseOf(obs, 'agent_card');
  if (!isSuccess(res)) return declaration('ap2', 'info', 'No A2A agent card to declare AP2 in.', ev);
  const parsed = parseAp2Extension(res.bodyText);
  if (!parsed.declared) return declaration('ap2', 'info', 'The A2A agent card declares no AP2 extension.', ev);
  if (parsed.valid) return declaration('ap2', 'pass', `AP2 extension with roles: ${parsed.roles.join(', ')}.`, ev);
  return declaration('ap2', 'warn', `AP2 extension without usable params.roles. ${declarationProblem('ap2', parsed.errors, obs.domain)}`, ev);
}
