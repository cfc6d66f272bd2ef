import type { AgentToolSummary } from '../../ports/agent-tools.js';
import { MCP_PROTOCOL_VERSIONS, SERVICE_NAME, SERVICE_VERSION } from '../../../domain/service-info.js';
import { HOME_DESCRIPTION } from './site-files-pages.js';

// The MCP revision the endpoint prefers; it also speaks the older ones (see /mcp.md).
const MCP_PROTOCOL_VERSION = MCP_PROTOCOL_VERSIONS[0];

/**
 * The MCP server card (SEP-1649 / SEP-2127 drafts), served at /.well-known/mcp/server-card.json
 * and /.well-known/mcp.json: the server, its Streamable HTTP endpoint, no authentication, the
 * tools (the bound ones, by name, title and summary; their arguments are in tools/list and /mcp.md).
 */
export function mcpServerCard(baseUrl: string, tools: readonly AgentToolSummary[]): Record<string, unknown> {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: MCP_PROTOCOL_VERSION,
    serverInfo: { name: SERVICE_NAME.toLowerCase(), title: SERVICE_NAME, version: SERVICE_VERSION },
    description: HOME_DESCRIPTION,
    documentation: `${baseUrl}/mcp.md`,
    transport: { type: 'streamable-http', endpoint: `${baseUrl}/mcp` },
    authentication: { required: false },
    tools: tools.map(({ name, title, summary }) => ({ name, title, description: summary })),
  };
}

/**
 * The A2A agent card (/.well-known/agent-card.json): the skills are the MCP tools, and the one
 * interface is the MCP endpoint; Vetted speaks MCP, not the A2A protocol's own bindings.
 */
export function a2aAgentCard(baseUrl: string, tools: readonly AgentToolSummary[]): Record<string, unknown> {
  const endpoint = `${baseUrl}/mcp`;
  return {
    name: SERVICE_NAME,
    description: HOME_DESCRIPTION,
    url: endpoint,
    version: SERVICE_VERSION,
    documentationUrl: `${baseUrl}/docs`,
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: tools.map(({ name, title, summary, tags }) => ({ id: name, name: title, description: summary, tags: [...tags] })),
    supportedInterfaces: [{ url: endpoint, protocolBinding: 'MCP', protocolVersion: MCP_PROTOCOL_VERSION }],
  };
}
