import type { Router } from '@koa/router';
import type { AppConfig } from '../../../application/ports/app-config.js';
import { agentsManifest } from '../../../application/views/docs/agents-manifest.js';
import { apiReference } from '../../../application/views/docs/api-reference.js';
import { changelog, developersGuide, docsIndex, integrationGuide, verificationGuide } from '../../../application/views/docs/guides.js';
import { mcpGuideMarkdown } from '../../../application/views/mcp-guide.js';
import { cacheControl } from '../envelope.js';

/** The agent-readable documents of the contract, generated once at start-up. */
export function registerDocRoutes(router: Router, config: AppConfig): void {
  const base = config.baseUrl;
  const documents: Record<string, string> = {
    '/mcp.md': mcpGuideMarkdown(base),
    '/agents.md': agentsManifest(base),
    '/api.md': apiReference(base),
    '/developers.md': developersGuide(base),
    '/integration.md': integrationGuide(base),
    '/verify.md': verificationGuide(base),
    '/changelog.md': changelog(),
    '/docs': docsIndex(base),
  };
  for (const [path, text] of Object.entries(documents)) {
    router.get(path, (ctx) => {
      ctx.type = 'text/markdown; charset=utf-8';
      ctx.set('Cache-Control', cacheControl(3600));
      ctx.body = text;
    });
  }
}
