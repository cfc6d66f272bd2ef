import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { stringify } from 'yaml';
import { AppConfig } from '../../../application/ports/app-config.js';
import { GetPublicKeys } from '../../../application/scan/get-public-keys.js';
import { selfVerification } from '../../../application/views/docs/published-documents.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';

/** The files under /.well-known/: the service's self-verification and the report-signing keys. */
@injectable()
export class WellKnownRoutes implements HttpRoutes {
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
