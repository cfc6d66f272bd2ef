import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { stringify } from 'yaml';
import { AppConfig } from '../../../application/ports/app-config.js';
import { GetPublicKeys } from '../../../application/scan/get-public-keys.js';
import { selfVerification } from '../../../application/views/docs/published-documents.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { JwksAnswer } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, COMMON_ERRORS, errors, MARKDOWN, STORE_ERRORS, textAnswer } from '../openapi/responses.js';

/** The files under /.well-known/: the service's self-verification and the report-signing keys. */
@injectable()
export class WellKnownRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(GetPublicKeys) private readonly getPublicKeys: GetPublicKeys,
  ) {}

  mount(router: Router): void {
    // Serialized once: the document only depends on configuration.
    const selfVerificationYaml = stringify(selfVerification(this.config.baseUrl));
    router.get('/.well-known/vetted.md', (ctx) => {
      ctx.type = 'text/markdown; charset=utf-8';
      ctx.set('Cache-Control', cacheControl(3600));
      ctx.body = selfVerificationYaml;
    });

    router.get('/.well-known/jwks.json', async (ctx) => {
      ctx.type = 'application/jwk-set+json';
      ctx.set('Cache-Control', cacheControl(3600));
      ctx.body = await this.getPublicKeys.run();
    });
  }
}

function operations(): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getSelfVerification',
      path: '/.well-known/vetted.md',
      tags: ['docs'],
      summary: "The service's self-verification document (YAML, named .md)",
      responses: { 200: textAnswer('The document.', MARKDOWN), ...errors(COMMON_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'getSigningKeys',
      path: '/.well-known/jwks.json',
      tags: ['reports'],
      summary: 'The keys that sign reports',
      responses: { 200: answer('A JSON Web Key Set.', { 'application/jwk-set+json': { schema: JwksAnswer } }), ...errors(STORE_ERRORS) },
    },
  ];
}
