import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import { zodMessage } from '../../../application/input/zod-message.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { VerifyMany } from '../../../application/verdict/verify-many.js';
import { verifyManyView } from '../../../application/views/verify-many-view.js';
import { MAX_NAMES_PER_VERIFY } from '../../../application/views/service-facts.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { BODY_ERRORS, enveloped, errors, json, OPTIONAL_KEY, STORE_ERRORS } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';
import { rateLimitHeaders, ReadGate } from '../read-gate.js';
import { readJsonBody } from '../read-body.js';

/** The body of POST /verify; the OpenAPI document describes it from here. */
const VerifyManyBody = z.strictObject({
  domains: z
    .array(z.string().max(1024))
    .min(1)
    .max(MAX_NAMES_PER_VERIFY)
    .describe(`From 1 to ${MAX_NAMES_PER_VERIFY} domain names, each answered as GET /verify/{domain} answers it.`),
  signals: z.boolean().optional().describe('Each answer with its trust assessment, as ?signals=true (never live: external is one name at a time).'),
});

/** POST /verify: many names in one request, each counted as a public read of its own. */
@injectable()
export class VerifyManyRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(VerifyMany) private readonly verifyMany: VerifyMany,
    @inject(ReadGate) private readonly gate: ReadGate,
  ) {}

  mount(router: Router): void {
    router.post('/verify', async (ctx) => {
      const body = await readJsonBody(ctx);
      const parsed = VerifyManyBody.safeParse(body);
      if (!parsed.success) {
        const sent = typeof body === 'object' && body !== null ? (body as { domains?: unknown }).domains : undefined;
        // The count in words first: zod would only say "too big".
        if (Array.isArray(sent)) VerifyMany.checkCount(sent);
        throw new AppError('VALIDATION_ERROR', `Send {"domains": [names], "signals": true or false}: ${zodMessage(parsed.error, body)}`);
      }
      const { domains, signals } = parsed.data;
      const allowance = this.gate.enabled ? await this.gate.admitReads(ctx.req, domains.length) : undefined;
      if (allowance?.standing) for (const [name, value] of rateLimitHeaders(allowance.standing)) ctx.set(name, value);
      const items = await this.verifyMany.run(domains, { signals: signals === true }, allowance);
      sendData(ctx, verifyManyView(items, this.config.baseUrl));
    });
  }
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'post',
      operationId: 'verifyDomains',
      path: '/verify',
      tags: ['registry'],
      summary: `Many domains in one request (up to ${MAX_NAMES_PER_VERIFY})`,
      description:
        'Each name is answered as GET /verify/{domain} (with signals, ?signals=true) answers it, in the order sent, each item with its own success or error: a malformed name is its item\u2019s VALIDATION_ERROR, an expired verification its EXPIRED (with the answer\u2019s fields). ' +
        'With API_TIERS=on each name is one public read: names beyond what the quota has left are answered RATE_LIMITED each, and a request with none left is 429. Never cached, never live.',
      request: { body: { required: true, content: json(VerifyManyBody) } },
      security: OPTIONAL_KEY,
      responses: {
        200: enveloped('One item per name.', z.union([a.VerifyManyWithSignals, a.VerifyMany])),
        ...errors([...BODY_ERRORS, ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
  ];
}
