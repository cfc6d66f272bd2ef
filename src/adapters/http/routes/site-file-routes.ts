import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AgentTools, type AgentToolSummary } from '../../../application/ports/agent-tools.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { siteFiles } from '../../../application/views/docs/site-files.js';
import { sitePageMarkdown, sitePages } from '../../../application/views/docs/site-files-pages.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { sendNegotiatedPage } from '../negotiated-page.js';
import { renderSitePage } from '../presenters/home-page.js';

/**
 * The files agents and crawlers look for (robots.txt, sitemap.xml, llms.txt, security.txt, the
 * MCP and A2A cards, the API catalog) and the privacy, terms and contact pages (HTML, or Markdown
 * for `Accept: text/markdown`), all generated once from configuration at start-up.
 */
@injectable()
export class SiteFileRoutes implements HttpRoutes {
  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(AgentTools) private readonly tools: readonly AgentToolSummary[],
  ) {}

  mount(router: Router): void {
    for (const file of siteFiles(this.config, this.tools)) {
      router.get(file.path, (ctx) => {
        ctx.type = file.contentType;
        ctx.set('Cache-Control', cacheControl(3600));
        ctx.body = file.body;
      });
    }

    for (const [path, page] of Object.entries(sitePages(this.config))) {
      const html = renderSitePage(page);
      const markdown = sitePageMarkdown(page, this.config.baseUrl);
      router.get(path, (ctx) => sendNegotiatedPage(ctx, { html, markdown }, 3600));
    }
  }
}
