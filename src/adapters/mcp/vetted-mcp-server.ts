import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_VERSION } from '../../application/views/service-facts.js';
import type { ToolCall, ToolCatalog } from './tool-catalog.js';

/** Sent in serverInfo from 2025-11-25 on, the revision that added it. */
const SERVER_DESCRIPTION =
  'Dated, evidence-backed observations about websites and domains, for checking a counterparty before a payment, a data share or an API call.';

/**
 * A new MCP server for one HTTP request, speaking `call.version`; from 2025-11-25 its serverInfo
 * also carries a title, a description and the service's `websiteUrl`. Tools are served through the low-level handlers of
 * McpServer's `server` rather than registerTool, because McpServer turns an unknown tool or bad
 * arguments into an isError result (the specification wants -32602), lists the same fields under
 * every revision, and announces tools.listChanged, which a stateless server never sends.
 */
export function createVettedMcpServer(catalog: ToolCatalog, call: ToolCall, websiteUrl: string): McpServer {
  const about = call.version === '2025-11-25' ? { title: 'Vetted', description: SERVER_DESCRIPTION, websiteUrl } : {};
  const mcp = new McpServer({ name: 'vetted', version: SERVICE_VERSION, ...about }, { instructions: catalog.instructions });
  mcp.server.registerCapabilities({ tools: {} });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: catalog.list(call.version) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, (request) => catalog.call(request.params.name, request.params.arguments, call));
  return mcp;
}
