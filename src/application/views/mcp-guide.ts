import { MAX_REQUEST_BODY_BYTES, MCP_ASSUMED_PROTOCOL_VERSION, MCP_MAX_BATCH_MESSAGES, MCP_PROTOCOL_VERSIONS } from '../../domain/service-info.js';
import { DEFAULT_SCAN_LIMITS, type AppConfig } from '../ports/app-config.js';
import type { AgentToolSummary } from '../ports/agent-tools.js';
import type { DocumentTemplates } from '../ports/document-templates.js';
import { kibibytes, scanBudgets } from './docs/doc-formats.js';
import { fillTemplate } from './docs/fill-template.js';

/**
 * The /mcp.md document: how to connect an MCP client to Vetted's POST /mcp, the tools and their
 * arguments (one row per bound tool, as each declares it), the untrusted-content rule, errors and
 * scan budgets. `baseUrl` is the configured absolute base URL (a trailing slash is tolerated).
 */
export function mcpGuideMarkdown(
  templates: DocumentTemplates,
  baseUrl: string,
  tools: readonly AgentToolSummary[],
  scanLimits: AppConfig['scanLimits'] = DEFAULT_SCAN_LIMITS,
): string {
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
      scan_budgets: scanBudgets(scanLimits),
      tool_table: toolTable(tools),
    },
    'mcp',
  );
}

/** /mcp.md's table of tools: name, arguments, effect. */
function toolTable(tools: readonly AgentToolSummary[]): string {
  const rows = tools.map((tool) => `| \`${tool.name}\` | ${tool.arguments} | ${tool.effect} |`);
  return ['| Tool | Arguments | Effect |', '|---|---|---|', ...rows].join('\n');
}
