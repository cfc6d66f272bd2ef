import type { IncomingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../application/ports/clock.js';
import type { Metrics } from '../../application/ports/metrics.js';
import type { AnswerCaching } from '../../application/views/answer-caching.js';
import type { DirectAnswer } from '../shared/http-routes.js';
import { cacheableAnswer, JSON_UTF8, notModified, type CacheableAnswer } from './cacheable-answer.js';

/**
 * How long at most a rendered answer is repeated, within its own max-age: its `age_seconds` drift no
 * further (the `Age` header says by how much), and a judgement that changes with time alone (a
 * report going stale, an observation too old to score) shows at most this late. Writes show at once.
 */
export const RENDERED_ANSWER_SECONDS = 60;
const MAX_ANSWERS = 20_000;
/** Request targets remembered as asked once; past this many the memory starts again. */
const MAX_ASKED_ONCE = 200_000;

interface Rendered<O> {
  readonly outcome: O;
  /** The whole JSON envelope as sent the first time, with its caching headers and ETag. */
  readonly answer: CacheableAnswer;
  readonly bytes: string;
  readonly renderedAtMs: number;
  readonly reuseUntilMs: number;
}

/**
 * The serialized answers of one hot GET route (`/verify/{domain}`), kept by request target (path
 * and query as sent) so that asking again costs no framework, routing, judging or JSON: what a
 * micro-cache in front of the service would do, except that an answer is repeated only while its
 * use case says the stored data it was judged from is still current (`isCurrent`: no process wrote
 * the name since, which the change feed tells within a second), and for at most
 * RENDERED_ANSWER_SECONDS and its own max-age. A repeated answer carries `Age` (seconds since it
 * was rendered), as a shared HTTP cache's would, and the ETag computed when it was rendered: a
 * client sending it back in If-None-Match gets a 304. Bounded to 20,000 answers, oldest first out;
 * per process, nothing shared. An answer is kept the second time its target is asked, not the
 * first: most names are asked about once, and keeping their answers would only fill memory and push
 * out the ones asked again (a doorkeeper of 32-bit hashes of the targets asked once). Held in an
 * LRUCache read with `peek`, so that its order stays the order of rendering: a Map's oldest key
 * costs a walk over the holes its deletions left (see NameCache).
 */
export class RenderedAnswers<O> {
  private readonly answers = new LRUCache<string, Rendered<O>>({ max: MAX_ANSWERS });
  private readonly askedOnce = new Set<number>();

  /** How many answers are kept now. */
  get size(): number {
    return this.answers.size;
  }

  /** `route` is the template (`/verify/:domain`), `prefix` the path every one of its requests starts with. */
  constructor(
    private readonly route: string,
    private readonly prefix: string,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly isCurrent: (outcome: O) => boolean,
    /** Keep an answer the first time its target is asked (tests of the repeating itself). */
    private readonly keepFirst = false,
  ) {}

  /**
   * Serializes the 200 JSON envelope sent for request target `url` with its caching headers (no-store
   * when `caching` is undefined), and keeps it for repeating when it may be cached at all.
   */
  keep(url: string, outcome: O, envelope: unknown, caching: AnswerCaching | undefined): CacheableAnswer {
    const answer = cacheableAnswer(JSON.stringify(envelope), JSON_UTF8, caching);
    const ttl = Math.min(caching?.maxAgeSeconds ?? 0, RENDERED_ANSWER_SECONDS);
    const now = this.clock.now().getTime();
    this.dropExpired(now);
    if (ttl <= 0 || !this.askedBefore(url)) return answer;
    this.answers.set(url, { outcome, answer, bytes: String(Buffer.byteLength(answer.body)), renderedAtMs: now, reuseUntilMs: now + ttl * 1000 });
    return answer;
  }

  /**
   * Drops the oldest answers while they are past their reuse: answers are kept in the order they
   * were rendered, almost all for RENDERED_ANSWER_SECONDS, so the expired ones are at the front. A
   * burst of answers asked once and never again then leaves nothing behind a minute later.
   */
  private dropExpired(now: number): void {
    for (;;) {
      const oldest = this.answers.rkeys().next().value;
      if (oldest === undefined || now < this.answers.peek(oldest)!.reuseUntilMs) return;
      this.answers.delete(oldest);
    }
  }

  /** True when `url` was offered before (and is kept from now on); remembers it otherwise. */
  private askedBefore(url: string): boolean {
    if (this.keepFirst || this.answers.has(url)) return true;
    const hash = fnv1a(url);
    if (this.askedOnce.delete(hash)) return true;
    if (this.askedOnce.size >= MAX_ASKED_ONCE) this.askedOnce.clear();
    this.askedOnce.add(hash);
    return false;
  }

  /**
   * The answer to repeat for a GET of request target `url`, while it is current (a 304 without body
   * when `request` holds its ETag already); undefined for the route to answer.
   */
  find(method: string, url: string, request: IncomingHttpHeaders = {}): DirectAnswer | undefined {
    if (method !== 'GET' || !url.startsWith(this.prefix)) return undefined;
    const rendered = this.answers.peek(url);
    const now = this.clock.now().getTime();
    if (rendered === undefined || now >= rendered.reuseUntilMs || !this.isCurrent(rendered.outcome)) {
      if (rendered !== undefined) {
        this.answers.delete(url);
        // Asked again already: its next rendering is kept at once, not after one more ask.
        this.askedOnce.add(fnv1a(url));
      }
      this.metrics.cacheLookup('answers', false);
      return undefined;
    }
    this.metrics.cacheLookup('answers', true);
    return this.direct(rendered.answer, request, rendered.bytes, Math.floor((now - rendered.renderedAtMs) / 1000));
  }

  /** `answer` as sent before routing: 200, or 304 without body when `request` holds its ETag; `ageSeconds` for a repeat. */
  direct(answer: CacheableAnswer, request: IncomingHttpHeaders, bytes = String(Buffer.byteLength(answer.body)), ageSeconds?: number): DirectAnswer {
    const shared: Array<readonly [string, string]> = [
      ...answer.headers,
      // The same URL answers a signed form to Accept: application/jose.
      ['Vary', 'Accept'],
      ...(ageSeconds === undefined ? [] : [['Age', String(ageSeconds)] as const]),
    ];
    if (notModified(request, answer.etag)) return { route: this.route, status: 304, headers: shared, body: '' };
    return { route: this.route, status: 200, headers: [['Content-Type', answer.contentType], ['Content-Length', bytes], ...shared], body: answer.body };
  }
}

/** FNV-1a, 32 bits: a cheap hash of a request target (a collision only keeps an answer one ask early). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  // 30 bits: a small integer V8 keeps unboxed in the set.
  return hash & 0x3fffffff;
}
