import type { Router } from '@koa/router';
import { isIP } from 'node:net';
import { inject, injectable } from 'inversify';
import { ReadMetrics } from '../../../application/operations/read-metrics.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { z } from 'zod';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { COMMON_ERRORS, errors, NO_STORE, textAnswer } from '../openapi/responses.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** GET /metrics: Prometheus text, to loopback clients or to holders of METRICS_TOKEN. */
@injectable()
export class MetricsRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(@inject(ReadMetrics) private readonly readMetrics: ReadMetrics) {}

  mount(router: Router): void {
    router.get('/metrics', async (ctx) => {
      const bearerToken = BEARER.exec(ctx.get('Authorization'))?.[1];
      const metrics = await this.readMetrics.run({ bearerToken, loopback: isLoopback(ctx.ip) });
      ctx.set('Cache-Control', 'no-store');
      ctx.type = metrics.contentType;
      ctx.body = metrics.body;
    });
  }
}

function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

function operations(): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getMetrics',
      path: '/metrics',
      tags: ['operations'],
      summary: 'Prometheus metrics (loopback, or METRICS_TOKEN)',
      request: { headers: z.object({ Authorization: z.string().optional().meta({ description: 'Bearer <METRICS_TOKEN>, from anywhere but loopback.' }) }) },
      responses: {
        200: textAnswer('The Prometheus text exposition format.', 'text/plain; version=0.0.4; charset=utf-8', NO_STORE),
        ...errors(['UNAUTHORIZED', 'FORBIDDEN', ...COMMON_ERRORS]),
      },
    },
  ];
}
