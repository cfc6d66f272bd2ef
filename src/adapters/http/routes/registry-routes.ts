import type { Router } from '@koa/router';
import { stringify } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import type { AppConfig } from '../../../application/ports/app-config.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { GetStatus } from '../../../application/get-status.js';
import type { LookupEntity } from '../../../application/lookup-entity.js';
import type { VerifyDomain } from '../../../application/verify-domain.js';
import { selfVerificationDocument } from '../../../domain/self-verification.js';
import { cacheControl, failureBody, sendData } from '../envelope.js';
import { readinessJson } from '../../../application/views/readiness-view.js';
import { expiredMessage, lookupEntityJson, verifyDataJson, verifyEntityJson } from '../../../application/views/registry-view.js';

const queryFlag = z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1');
const VerifyQuery = z.object({ signals: queryFlag, external: queryFlag });

export interface RegistryRouteDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly getStatus: GetStatus;
  readonly verifyDomain: VerifyDomain;
  readonly lookupEntity: LookupEntity;
}

/** The registry reads of the contract: /status, /verify/{domain}, /lookup/{id}, the self-verification file. */
export function registerRegistryRoutes(router: Router, deps: RegistryRouteDeps): void {
  // Serialized once: the document only depends on configuration.
  const selfVerificationYaml = stringify(selfVerificationDocument(deps.config.baseUrl));

  router.get('/status', (ctx) => sendData(ctx, deps.getStatus.run()));

  router.get('/verify/:domain', async (ctx) => {
    const query = VerifyQuery.safeParse(ctx.query);
    if (!query.success) throw new AppError('VALIDATION_ERROR', 'signals and external take true or false.');
    const { verdict, readiness, latestReport, cacheSeconds } = await deps.verifyDomain.run(ctx.params.domain ?? '');
    const readinessObject = readinessJson(readiness, latestReport, deps.config.baseUrl);
    if (verdict.kind === 'expired') {
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = failureBody('EXPIRED', expiredMessage(verdict.domain, verdict.entity), {
        domain: verdict.domain,
        entity: verifyEntityJson(verdict.entity),
        readiness: readinessObject,
      });
      return;
    }
    // The blocked case stays exactly the contract's; the others carry the scan-based readiness too.
    const data = verdict.kind === 'blocked' ? verifyDataJson(verdict) : { ...verifyDataJson(verdict), readiness: readinessObject };
    sendData(ctx, data, { cacheSeconds });
  });

  router.get('/lookup/:id', async (ctx) => {
    const entity = await deps.lookupEntity.run(ctx.params.id ?? '');
    sendData(ctx, lookupEntityJson(entity, deps.clock.now()), { cacheSeconds: 300 });
  });

  router.get('/.well-known/vetted.md', (ctx) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.set('Cache-Control', cacheControl(3600));
    ctx.body = selfVerificationYaml;
  });
}
