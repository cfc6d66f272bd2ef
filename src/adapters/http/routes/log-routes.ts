import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { ReadLog } from '../../../application/log/read-log.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { renderLogPage } from '../presenters/log-page.js';
import { sendPage } from '../send-page.js';

const PLAIN = 'text/plain; charset=utf-8';

/**
 * The transparency log (C2SP tlog-tiles under /log): GET /log (its page, for people), GET /log/checkpoint (the signed tree head),
 * /log/key (its verifier key), /log/tile/… (hash tiles and entry bundles), /log/proof and
 * /log/consistency (RFC 9162 proofs, in the envelope).
 */
@injectable()
export class LogRoutes implements HttpRoutes {
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
