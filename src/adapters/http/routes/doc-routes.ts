import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { PublishedDocuments } from '../../../application/operations/published-documents.js';
import type { PublishedPath } from '../../../application/views/docs/published-documents.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { OpenApiDescription } from '../openapi/openapi-document.js';
import { operationsMarkdown } from '../openapi/operations-markdown.js';
import { renderDocPage } from '../presenters/doc-page.js';
import { sendPage } from '../send-page.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { COMMON_ERRORS, errors, MARKDOWN, textAnswer } from '../openapi/responses.js';

/**
 * The agent-readable documents of the contract and /methodology.md (PublishedDocuments), made once at start-up;
 * /docs ends with the operations of the OpenAPI document, so it reads as a reference without it.
 * A browser (preferring text/html to Markdown) is answered each as a page, rendered once too.
 */
@injectable()
export class DocRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(OpenApiDescription) private readonly description: OpenApiDescription,
    @inject(PublishedDocuments) private readonly documents: PublishedDocuments,
  ) {}

  mount(router: Router): void {
    const baseUrl = this.config.baseUrl;
    for (const [path, document] of Object.entries(this.documents.run(baseUrl))) {
      const text = path === '/docs' ? `${document}\n${operationsMarkdown(this.description.document, baseUrl)}` : document;
      const html = renderDocPage(text, path);
      router.get(path, (ctx) => {
        ctx.vary('Accept');
        if (ctx.get('accept').includes('text/html') && ctx.accepts('text/markdown', 'text/html') === 'text/html') return sendPage(ctx, 200, html, 3600);
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.set('Cache-Control', cacheControl(3600));
        ctx.body = text;
      });
    }
  }
}

// Each document's operationId and summary.
const DOCUMENTS: Readonly<Record<PublishedPath, readonly [string, string]>> = {
  '/docs': ['getDocsIndex', 'The documentation index, with the operations of this document'],
  '/api.md': ['getApiReference', 'The API reference'],
  '/developers.md': ['getQuickStart', 'Quick start'],
  '/integration.md': ['getIntegrationGuide', 'Integration guides'],
  '/verify.md': ['getVerificationGuide', 'How to get verified'],
  '/mcp.md': ['getMcpGuide', 'MCP configuration'],
  '/agents.md': ['getAgentManifest', 'The agent manifest'],
  '/methodology.md': ['getMethodology', 'The scan methodology and readiness thresholds'],
  '/changelog.md': ['getChangelog', 'Version history'],
};

function operations(): Operation[] {
  return Object.entries(DOCUMENTS).map(
    ([path, [operationId, summary]]): Operation => ({
      method: 'get',
      operationId,
      path,
      tags: ['docs'],
      summary,
      description: 'Markdown; a browser preferring text/html gets the same document as a page.',
      responses: { 200: textAnswer('The document.', MARKDOWN), ...errors(COMMON_ERRORS) },
    }),
  );
}
