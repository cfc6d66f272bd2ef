import type { Router } from '@koa/router';
import { stringify } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import type { AppConfig } from '../../../application/ports/app-config.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { GetStatus } from '../../../application/get-status.js';
import type { LookupEntity } from '../../../application/lookup-entity.js';
import type { VerifyDomain } from '../../../application/verify-domain.js';
import type { AssessTrust } from '../../../application/trust/assess-trust.js';
import { trustDataJson } from '../../../application/views/trust-view.js';
import type { Context } from 'koa';
import { selfVerificationDocument } from '../../../domain/self-verification.js';
import { cacheControl, failureBody, sendData } from '../envelope.js';
import { readinessJson } from '../../../application/views/readiness-view.js';
import { expiredMessage, lookupEntityJson, verifyDataJson, verifyEntityJson } from '../../../application/views/registry-view.js';

const queryFlag = z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1');
const VerifyQuery = z.object({ signals: queryFlag, external: queryFlag });

export interface RegistryRouteDeps {
  readonly assessTrust: AssessTrust;
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly getStatus: GetStatus;
  readonly verifyDomain: VerifyDomain;
  readonly lookupEntity: LookupEntity;
}

/** The registry reads of the contract: /status, /verify/{domain} (with signals), /lookup/{id}, the self-verification file. */
export function registerRegistryRoutes(router: Router, deps: RegistryRouteDeps): void {
  // Serialized once: the document only depends on configuration.
  const selfVerificationYaml = stringify(selfVerificationDocument(deps.config.baseUrl));

  router.get('/status', (ctx) => sendData(ctx, deps.getStatus.run()));

  router.get('/verify/:domain', async (ctx) => {
    // The plain verify is the hottest path: skip query parsing when there is no query at all.
    if (ctx.querystring !== '') {
      const query = VerifyQuery.safeParse(ctx.query);
      if (!query.success) throw new AppError('VALIDATION_ERROR', 'signals and external take true or false.');
      if (query.data.signals || query.data.external) return verifyWithSignals(ctx, deps, query.data.external);
    }
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

async function verifyWithSignals(ctx: Context, deps: RegistryRouteDeps, external: boolean): Promise<void> {
  const outcome = await deps.assessTrust.run(ctx.params.domain ?? '', { external });
  const data = trustDataJson(outcome, deps.config.baseUrl);
  if (outcome.verdict.kind === 'expired') {
    const { domain, entity, message, expired: _expired, verified: _verified, ...rest } = data;
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = failureBody('EXPIRED', String(message), { domain, entity, ...rest });
    return;
  }
  sendData(ctx, data, { cacheSeconds: outcome.cacheSeconds });
}
