import { ContainerModule } from 'inversify';
import { AgentTools, type AgentToolSummary } from '../../application/ports/agent-tools.js';
import { HttpRoutes } from '../shared/http-routes.js';
import { McpEndpoint } from './mcp-endpoint.js';
import { CheckPaymentTool } from './tools/check-payment-tool.js';
import { CheckTrustTool } from './tools/check-trust-tool.js';
import { GetReportTool } from './tools/get-report-tool.js';
import { LookupEntityTool } from './tools/lookup-entity-tool.js';
import { ScanDomainTool } from './tools/scan-domain-tool.js';
import { UnwatchDomainTool } from './tools/unwatch-domain-tool.js';
import { VerifyDomainTool } from './tools/verify-domain-tool.js';
import { WatchDomainTool } from './tools/watch-domain-tool.js';
import { MCP_TOOL, summaryOf, type VettedTool } from './vetted-tool.js';

/**
 * POST /mcp as one route area, and its tools in the order tools/list shows them. A new tool is its
 * class and one line here: the cards, /mcp.md, /api.md's counted reads and the server instructions
 * read the bound set through AgentTools, and its readOnlyHint decides whether a call is counted.
 */
export const mcpModule = new ContainerModule(({ bind }) => {
  bind<VettedTool>(MCP_TOOL).to(CheckTrustTool);
  bind<VettedTool>(MCP_TOOL).to(CheckPaymentTool);
  bind<VettedTool>(MCP_TOOL).to(VerifyDomainTool);
  bind<VettedTool>(MCP_TOOL).to(ScanDomainTool);
  bind<VettedTool>(MCP_TOOL).to(GetReportTool);
  bind<VettedTool>(MCP_TOOL).to(LookupEntityTool);
  bind<VettedTool>(MCP_TOOL).to(WatchDomainTool);
  bind<VettedTool>(MCP_TOOL).to(UnwatchDomainTool);
  bind<readonly AgentToolSummary[]>(AgentTools).toDynamicValue((context) => context.getAll<VettedTool>(MCP_TOOL).map(summaryOf));
  bind<HttpRoutes>(HttpRoutes).to(McpEndpoint);
});
