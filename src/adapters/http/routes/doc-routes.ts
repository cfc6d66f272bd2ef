import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { PublishedDocuments } from '../../../application/operations/published-documents.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { OpenApiDescription } from '../openapi/openapi-document.js';
import { operationsMarkdown } from '../openapi/operations-markdown.js';

/**
 * The agent-readable documents of the contract and /methodology.md (PublishedDocuments), made once at start-up;
 * /docs ends with the operations of the OpenAPI document, so it reads as a reference without it.
 */
@injectable()
export class DocRoutes implements HttpRoutes {
  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(OpenApiDescription) private readonly description: OpenApiDescription,
    @inject(PublishedDocuments) private readonly documents: PublishedDocuments,
  ) {}

  mount(router: Router): void {
    const baseUrl = this.config.baseUrl;
    for (const [path, document] of Object.entries(this.documents.run(baseUrl))) {
      const text = path === '/docs' ? `${document}\n${operationsMarkdown(this.description.document, baseUrl)}` : document;
      router.get(path, (ctx) => {
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.set('Cache-Control', cacheControl(3600));
        ctx.body = text;
      });
    }
  }
}
