import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { ReadLog } from '../../../application/log/read-log.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { renderLogPage } from '../presenters/log-page.js';
import { sendPage } from '../send-page.js';
import { z } from 'zod';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { cached, enveloped, errors, STORE_ERRORS, textAnswer, textBody } from '../openapi/responses.js';

const PLAIN = 'text/plain; charset=utf-8';

/**
 * The transparency log (C2SP tlog-tiles under /log): GET /log (its page, for people), GET /log/checkpoint (the signed tree head),
 * /log/key (its verifier key), /log/tile/… (hash tiles and entry bundles), /log/proof and
 * /log/consistency (RFC 9162 proofs, in the envelope).
 */
@injectable()
export class LogRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(@inject(ReadLog) private readonly readLog: ReadLog) {}

  mount(router: Router): void {
    router.get('/log', async (ctx) => sendPage(ctx, 200, renderLogPage(await this.readLog.overview()), 10));
    router.get('/log/checkpoint', async (ctx) => {
      ctx.type = PLAIN;
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = await this.readLog.checkpoint();
    });
    router.get('/log/key', async (ctx) => {
      ctx.type = PLAIN;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = `${await this.readLog.verifierKey()}\n`;
    });
    router.get('/log/tile/*path', async (ctx) => {
      const tile = await this.readLog.tile(`tile/${String(ctx.params.path ?? '')}`);
      ctx.type = 'application/octet-stream';
      ctx.set('Cache-Control', `public, max-age=${tile.cacheSeconds}${tile.full ? ', immutable' : ''}`);
      ctx.body = Buffer.from(tile.bytes);
    });
    router.get('/log/proof', async (ctx) => {
      sendData(ctx, await this.readLog.inclusionProof(query(ctx.query.leaf), query(ctx.query.size)), { cacheSeconds: 31_536_000 });
    });
    router.get('/log/consistency', async (ctx) => {
      sendData(ctx, await this.readLog.consistencyProof(query(ctx.query.from), query(ctx.query.to)), { cacheSeconds: 31_536_000 });
    });
  }
}

function query(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const FOREVER = cached('public, max-age=31536000, immutable: a proof between two tree sizes never changes');
const whole = (description: string) => z.string().regex(/^\d+$/).meta({ description });

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getLogPage',
      path: '/log',
      tags: ['log'],
      summary: 'The transparency log, for people',
      description:
        "HTML: how many entries, the signed checkpoint and its verifier key, the latest entries in words (each linked to its domain's verdict page), and how to check the log.",
      responses: { 200: textAnswer('The page.', 'text/html; charset=utf-8', cached('public, max-age=10')), ...errors(STORE_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'getLogCheckpoint',
      path: '/log/checkpoint',
      tags: ['log'],
      summary: "The log's latest signed tree head",
      description:
        'A C2SP tlog-checkpoint (origin: the host of the base URL plus /log; tree size; base64 root) in a C2SP signed note, signed with the Ed25519 key of /.well-known/jwks.json; renewed within seconds of an append and at least every minute.',
      responses: { 200: textAnswer('The signed checkpoint.', PLAIN, cached('no-cache')), ...errors(STORE_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'getLogKey',
      path: '/log/key',
      tags: ['log'],
      summary: 'The signed-note verifier key of the checkpoints',
      responses: { 200: textAnswer('<origin>+<key id>+<base64 key>, one line.', PLAIN, cached('public, max-age=3600')), ...errors(STORE_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'getLogTile',
      path: '/log/tile/{path}',
      tags: ['log'],
      summary: 'A tile of the log (C2SP tlog-tiles)',
      description:
        "tile/<L>/<N>[.p/<W>]: the hashes of tree level 8L (32 bytes each); tile/entries/<N>[.p/<W>]: the entries, each a big-endian uint16 length then the event's RFC 8785 JSON. Only tiles of the signed tree; full tiles never change.",
      request: { params: z.object({ path: z.string().meta({ description: 'What follows /log/tile/, e.g. 0/x001/234 or entries/000.p/7.' }) }) },
      responses: {
        200: {
          description: 'The tile.',
          headers: z.object({
            'Cache-Control': z.string().meta({ description: 'public, max-age=31536000, immutable for a full tile; public, max-age=10 for a partial one.' }),
          }),
          content: { 'application/octet-stream': { schema: textBody } },
        },
        ...errors(['NOT_FOUND', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      operationId: 'getInclusionProof',
      path: '/log/proof',
      tags: ['log'],
      summary: 'An RFC 9162 inclusion proof',
      request: { query: z.object({ leaf: whole('The leaf index, from 0.'), size: whole('The tree size, at most the signed one.') }) },
      responses: { 200: enveloped('The audit path.', a.InclusionProof, FOREVER), ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]) },
    },
    {
      method: 'get',
      operationId: 'getConsistencyProof',
      path: '/log/consistency',
      tags: ['log'],
      summary: 'An RFC 9162 consistency proof',
      request: { query: z.object({ from: whole('The older tree size, from 1.'), to: whole('The newer tree size, at most the signed one.') }) },
      responses: { 200: enveloped('The consistency path.', a.ConsistencyProof, FOREVER), ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]) },
    },
  ];
}
