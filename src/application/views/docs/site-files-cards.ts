import { MCP_PROTOCOL_VERSIONS, SERVICE_NAME, SERVICE_VERSION } from '../../../domain/service-info.js';
import { HOME_DESCRIPTION } from './site-files-pages.js';

/** One thing Vetted does for an agent: an MCP tool, and the A2A skill of the same id. */
export interface VettedSkill {
  /** The MCP tool name. */
  readonly name: string;
  /** The MCP tool title. */
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
}

/**
 * The MCP tools by name and title, as tools/list gives them (a test compares the two), for the
 * cards that announce them; their arguments and full descriptions are in tools/list and /mcp.md.
 */
export const VETTED_SKILLS: readonly VettedSkill[] = [
  {
    name: 'check_trust',
    title: 'Check the trust status of a domain',
    description:
      'How far to trust a counterparty before a payment, a data share or an API call: registry status, readiness, trust score and level, signals and agent guidance.',
    tags: ['trust', 'verification', 'domains'],
  },
  {
    name: 'verify_domain',
    title: 'Verify a domain against the registry',
    description: 'Whether a domain is verified in the registry (with its entity) or blocked, and its scan-based readiness. Reads stored data only.',
    tags: ['registry', 'verification', 'domains'],
  },
  {
    name: 'scan_domain',
    title: 'Scan a domain',
    description:
      'Fetches a few public resources of a site and stores a signed, evidence-backed report of its agent readiness; a report under ten minutes old is reused.',
    tags: ['scan', 'readiness', 'websites'],
  },
  {
    name: 'get_report',
    title: 'Get a stored scan report',
    description: 'The latest stored scan report of a domain, or one report by id: checks, score, evidence and signature. Never scans.',
    tags: ['reports', 'evidence'],
  },
  {
    name: 'lookup_entity',
    title: 'Look up a registry entity',
    description: 'One entity of the registry by id: name, domain, level, type, verification and expiry, status.',
    tags: ['registry', 'entities'],
  },
  {
    name: 'watch_domain',
    title: 'Watch a domain for verdict changes',
    description:
      'Signed webhooks (Standard Webhooks) to an https callback whenever a domain is verified, revoked, expired, blocked, unblocked, rescanned or changes readiness.',
    tags: ['events', 'webhooks', 'monitoring'],
  },
  {
    name: 'unwatch_domain',
    title: 'Stop watching a domain',
    description: 'Deletes a watch with the token shown at its creation.',
    tags: ['events', 'webhooks'],
  },
];

// The MCP revision the endpoint prefers; it also speaks the older ones (see /mcp.md).
const MCP_PROTOCOL_VERSION = MCP_PROTOCOL_VERSIONS[0];

/**
 * The MCP server card (SEP-1649 / SEP-2127 drafts), served at /.well-known/mcp/server-card.json
 * and /.well-known/mcp.json: the server, its Streamable HTTP endpoint, no authentication, the tools.
 */
export function mcpServerCard(baseUrl: string): Record<string, unknown> {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: MCP_PROTOCOL_VERSION,
    serverInfo: { name: SERVICE_NAME.toLowerCase(), title: SERVICE_NAME, version: SERVICE_VERSION },
    description: HOME_DESCRIPTION,
    documentation: `${baseUrl}/mcp.md`,
    transport: { type: 'streamable-http', endpoint: `${baseUrl}/mcp` },
    authentication: { required: false },
    tools: VETTED_SKILLS.map(({ name, title, description }) => ({ name, title, description })),
  };
}

/**
 * The A2A agent card (/.well-known/agent-card.json): the skills are the MCP tools, and the one
 * interface is the MCP endpoint; Vetted speaks MCP, not the A2A protocol's own bindings.
 */
export function a2aAgentCard(baseUrl: string): Record<string, unknown> {
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
    skills: VETTED_SKILLS.map(({ name, title, description, tags }) => ({ id: name, name: title, description, tags: [...tags] })),
    supportedInterfaces: [{ url: endpoint, protocolBinding: 'MCP', protocolVersion: MCP_PROTOCOL_VERSION }],
  };
}
