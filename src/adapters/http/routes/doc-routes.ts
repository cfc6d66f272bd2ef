import type { Router } from '@koa/router';
import type { AppConfig } from '../../../application/ports/app-config.js';
import { mcpGuideMarkdown } from '../../../application/views/mcp-guide.js';
import { cacheControl } from '../envelope.js';

/** The agent-readable documents of the contract, generated once at start-up. */
export function registerDocRoutes(router: Router, config: AppConfig): void {
  const mcpGuide = mcpGuideMarkdown(config.baseUrl);
  router.get('/mcp.md', (ctx) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.set('Cache-Control', cacheControl(3600));
    ctx.body = mcpGuide;
  });
}
