import { ContainerModule } from 'inversify';
import { HttpRoutes } from '../shared/http-routes.js';
import { McpEndpoint } from './mcp-endpoint.js';
import { CheckTrustTool } from './tools/check-trust-tool.js';
import { GetReportTool } from './tools/get-report-tool.js';
import { LookupEntityTool } from './tools/lookup-entity-tool.js';
import { ScanDomainTool } from './tools/scan-domain-tool.js';
import { UnwatchDomainTool } from './tools/unwatch-domain-tool.js';
import { VerifyDomainTool } from './tools/verify-domain-tool.js';
import { WatchDomainTool } from './tools/watch-domain-tool.js';
import { MCP_TOOL, type VettedTool } from './vetted-tool.js';

/** POST /mcp as one route area, and its tools in the order tools/list shows them (a new tool: its class and one line here). */
export const mcpModule = new ContainerModule(({ bind }) => {
  bind<VettedTool>(MCP_TOOL).to(GetReportTool);
  bind<VettedTool>(MCP_TOOL).to(VerifyDomainTool);
  bind<VettedTool>(MCP_TOOL).to(ScanDomainTool);
  bind<VettedTool>(MCP_TOOL).to(LookupEntityTool);
  bind<VettedTool>(MCP_TOOL).to(CheckTrustTool);
  bind<VettedTool>(MCP_TOOL).to(WatchDomainTool);
  bind<VettedTool>(MCP_TOOL).to(UnwatchDomainTool);
  bind<HttpRoutes>(HttpRoutes).to(McpEndpoint);
});
