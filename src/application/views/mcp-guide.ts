import { MAX_REQUEST_BODY_BYTES, MCP_ASSUMED_PROTOCOL_VERSION, MCP_MAX_BATCH_MESSAGES, MCP_PROTOCOL_VERSIONS } from '../../domain/service-info.js';
import { DEFAULT_SCAN_LIMITS, type AppConfig } from '../ports/app-config.js';
import type { DocumentTemplates } from '../ports/document-templates.js';
import { REUSE_WINDOW_SECONDS } from '../scan/request-scan.js';
import { REUSE_SECONDS } from '../trust/assess-trust.js';
import { aDuration, duration, kibibytes, scanBudgets } from './docs/doc-formats.js';
import { fillTemplate } from './docs/fill-template.js';

/**
 * The /mcp.md document: how to connect an MCP client to Vetted's POST /mcp, the tools and their
 * arguments, the untrusted-content rule, errors and scan budgets. `baseUrl` is the configured
 * absolute base URL (a trailing slash is tolerated).
 */
export function mcpGuideMarkdown(templates: DocumentTemplates, baseUrl: string, scanLimits: AppConfig['scanLimits'] = DEFAULT_SCAN_LIMITS): string {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/mcp`;
  const [latest, previous, oldest] = MCP_PROTOCOL_VERSIONS;
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: latest, capabilities: {}, clientInfo: { name: 'my-agent', version: '1.0.0' } },
  };
  const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'verify_domain', arguments: { domain: 'example.com' } } };
  return fillTemplate(
    templates.text('mcp'),
    {
      endpoint,
      origin: new URL(endpoint).origin,
      host: new URL(endpoint).host,
      client_config: JSON.stringify({ mcpServers: { vetted: { type: 'streamable-http', url: endpoint } } }, null, 2),
      initialize_request: JSON.stringify(initialize),
      call_request: JSON.stringify(call),
      mcp_latest: latest,
      mcp_previous: previous,
      mcp_oldest: oldest,
      mcp_assumed: MCP_ASSUMED_PROTOCOL_VERSION,
      body_limit: kibibytes(MAX_REQUEST_BODY_BYTES),
      batch_max: String(MCP_MAX_BATCH_MESSAGES),
      reuse_window: duration(REUSE_WINDOW_SECONDS, 'minute'),
      external_reuse: aDuration(REUSE_SECONDS.tls),
      scan_budgets: scanBudgets(scanLimits),
    },
    'mcp',
  );
}
