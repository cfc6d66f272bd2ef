import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { OpenApiDescription } from '../openapi/openapi-document.js';
import { z } from 'zod';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, json } from '../openapi/responses.js';

/** GET /openapi.json: the OpenAPI 3.1 description of the HTTP API, generated once at start-up. */
@injectable()
export class OpenApiRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(@inject(OpenApiDescription) private readonly description: OpenApiDescription) {}

  mount(router: Router): void {
    // Compact: pretty-printed it passes 256 KiB, the most a scan reads of it (Vetted's own scanner included).
    const document = `${JSON.stringify(this.description.document)}\n`;
    router.get('/openapi.json', (ctx) => {
      ctx.type = 'application/json';
      ctx.set('Cache-Control', cacheControl(3600));
      ctx.body = document;
    });
  }
}

function operations(): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getOpenApiDocument',
      path: '/openapi.json',
      tags: ['docs'],
      summary: 'This document',
      responses: { 200: answer('The OpenAPI 3.1 description of the HTTP API.', json(z.looseObject({ openapi: z.string() }))) },
    },
  ];
}
