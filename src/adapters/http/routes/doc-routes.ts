import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { markdownDocuments } from '../../../application/views/docs/published-documents.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';

/** The agent-readable documents of the contract and /methodology.md, generated once at start-up. */
@injectable()
export class DocRoutes implements HttpRoutes {
  constructor(@inject(AppConfig) private readonly config: AppConfig) {}

  mount(router: Router): void {
    for (const [path, text] of Object.entries(markdownDocuments(this.config.baseUrl))) {
      router.get(path, (ctx) => {
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.set('Cache-Control', cacheControl(3600));
        ctx.body = text;
      });
    }
  }
}
