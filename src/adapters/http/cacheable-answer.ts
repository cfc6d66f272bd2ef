import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';
import type { Context } from 'koa';
import { cacheControlOf, type AnswerCaching } from '../../application/views/answer-caching.js';

/** The media type of the JSON envelope as sent. */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/** An answer serialized once, with the headers that say how caches may keep it. */
export interface CacheableAnswer {
  readonly body: string;
  /** The Content-Type sent with it. */
  readonly contentType: string;
  /** A strong validator of `body` in `contentType`; undefined when the answer may not be kept. */
  readonly etag: string | undefined;
  /** Cache-Control, and for a cacheable answer Surrogate-Key and ETag: what a 200 and a 304 both carry. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

/**
 * The one place the caching headers of verify-like answers are written (plain, with signals, signed,
 * the badge; Koa's path and the repeated answers alike): `Cache-Control` (cacheControlOf: public,
 * max-age, s-maxage, stale-while-revalidate), `Surrogate-Key` and `ETag`, or
 * `no-store` alone for an answer that may not be kept. The ETag is computed here, once per rendering.
 */
export function cacheableAnswer(body: string, contentType: string, caching: AnswerCaching | undefined): CacheableAnswer {
  if (caching === undefined) return { body, contentType, etag: undefined, headers: [['Cache-Control', 'no-store']] };
  const etag = entityTag(body, contentType);
  return {
    body,
    contentType,
    etag,
    headers: [
      ['Cache-Control', cacheControlOf(caching)],
      ['Surrogate-Key', caching.surrogateKey],
      ['ETag', etag],
    ],
  };
}

/**
 * A strong entity tag (RFC 9110 §8.8.3) of the exact bytes of `body` sent as `contentType`: the
 * first 128 bits of their SHA-256, base64url, quoted. Two representations of one URL (JSON and JWS)
 * never share one.
 */
export function entityTag(body: string, contentType: string): string {
  return `"${hash('sha256', `${contentType}\n${body}`, 'base64url').slice(0, 22)}"`;
}

/**
 * True when a GET with these request headers may be answered 304 for `etag`: If-None-Match is `*`
 * or lists it, compared weakly (`W/"x"` matches `"x"`, RFC 9110 §13.1.2). Decided by `fresh`, what
 * Koa's `ctx.fresh` uses, given If-None-Match alone: If-Modified-Since is ignored beside it
 * (§13.2.2; these answers carry no Last-Modified for it to match alone), and so is the request's
 * Cache-Control, which speaks to caches, not to the origin's precondition (fresh would refuse a 304
 * on `no-cache`, which fetch() adds to every request carrying If-None-Match).
 */
export function notModified(request: IncomingHttpHeaders, etag: string | undefined): boolean {
  if (etag === undefined || request['if-none-match'] === undefined) return false;
  return fresh({ 'if-none-match': request['if-none-match'] }, { etag });
}

/** Sends `answer` through Koa with status 200, or 304 with the same headers and no body when the client holds it already. */
export function sendCacheable(ctx: Context, answer: CacheableAnswer): void {
  for (const [name, value] of answer.headers) ctx.set(name, value);
  if (notModified(ctx.headers, answer.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = answer.contentType;
  ctx.body = answer.body;
}
