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
import { z } from 'zod';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, COMMON_ERRORS, errors, HTML, MARKDOWN, PLAIN, textBody } from '../openapi/responses.js';

/**
 * The files agents and crawlers look for (robots.txt, sitemap.xml, llms.txt, security.txt, the
 * MCP and A2A cards, the API catalog) and the privacy, terms and contact pages (HTML, or Markdown
 * for `Accept: text/markdown`), all generated once from configuration at start-up.
 */
@injectable()
export class SiteFileRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

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

// operationId, path, summary, media type.
const FILES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['getRobotsTxt', '/robots.txt', 'Crawler rules (RFC 9309)', PLAIN],
  ['getSitemap', '/sitemap.xml', 'The sitemap', 'application/xml; charset=utf-8'],
  ['getLlmsTxt', '/llms.txt', 'The llms.txt index for agents', MARKDOWN],
  ['getSecurityTxt', '/.well-known/security.txt', 'Whom to tell about a vulnerability (RFC 9116)', PLAIN],
  ['getMcpServerCard', '/.well-known/mcp/server-card.json', 'The MCP server card', 'application/json'],
  ['getMcpJson', '/.well-known/mcp.json', 'The MCP server card (second path)', 'application/json'],
  ['getAgentCard', '/.well-known/agent-card.json', 'An A2A agent card', 'application/json'],
  [
    'getApiCatalog',
    '/.well-known/api-catalog',
    'The API catalog (RFC 9727 linkset)',
    'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  ],
];

// operationId, path, summary.
const PAGES: ReadonlyArray<readonly [string, string, string]> = [
  ['getPrivacyPage', '/privacy', 'What this instance stores'],
  ['getTermsPage', '/terms', 'Terms of use'],
  ['getContactPage', '/contact', 'Whom to write to'],
];

function operations(): Operation[] {
  const jsonFile = z.looseObject({});
  const files = FILES.map(
    ([operationId, path, summary, type]): Operation => ({
      method: 'get',
      operationId,
      path,
      tags: ['docs'],
      summary,
      responses: {
        200: answer(type === MARKDOWN ? 'The document.' : 'The file.', {
          [type]: { schema: type.startsWith('application/') && !type.includes('xml') ? jsonFile : textBody },
        }),
        ...errors(COMMON_ERRORS),
      },
    }),
  );
  const pages = PAGES.map(
    ([operationId, path, summary]): Operation => ({
      method: 'get',
      operationId,
      path,
      tags: ['docs'],
      summary,
      responses: {
        200: answer('HTML, or Markdown for Accept: text/markdown.', { [HTML]: { schema: textBody }, [MARKDOWN]: { schema: textBody } }),
        ...errors(COMMON_ERRORS),
      },
    }),
  );
  return [...files, ...pages];
}
