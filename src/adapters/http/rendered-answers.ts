import type { IncomingHttpHeaders } from 'node:http';
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
 * per process, nothing shared.
 */
export class RenderedAnswers<O> {
  private readonly answers = new Map<string, Rendered<O>>();

  /** `route` is the template (`/verify/:domain`), `prefix` the path every one of its requests starts with. */
  constructor(
    private readonly route: string,
    private readonly prefix: string,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly isCurrent: (outcome: O) => boolean,
  ) {}

  /**
   * Serializes the 200 JSON envelope sent for request target `url` with its caching headers (no-store
   * when `caching` is undefined), and keeps it for repeating when it may be cached at all.
   */
  keep(url: string, outcome: O, envelope: unknown, caching: AnswerCaching | undefined): CacheableAnswer {
    const answer = cacheableAnswer(JSON.stringify(envelope), JSON_UTF8, caching);
    const ttl = Math.min(caching?.maxAgeSeconds ?? 0, RENDERED_ANSWER_SECONDS);
    if (ttl <= 0) return answer;
    if (this.answers.size >= MAX_ANSWERS && !this.answers.has(url)) this.answers.delete(this.answers.keys().next().value!);
    const now = this.clock.now().getTime();
    this.answers.set(url, { outcome, answer, bytes: String(Buffer.byteLength(answer.body)), renderedAtMs: now, reuseUntilMs: now + ttl * 1000 });
    return answer;
  }

  /**
   * The answer to repeat for a GET of request target `url`, while it is current (a 304 without body
   * when `request` holds its ETag already); undefined for the route to answer.
   */
  find(method: string, url: string, request: IncomingHttpHeaders = {}): DirectAnswer | undefined {
    if (method !== 'GET' || !url.startsWith(this.prefix)) return undefined;
    const rendered = this.answers.get(url);
    const now = this.clock.now().getTime();
    if (rendered === undefined || now >= rendered.reuseUntilMs || !this.isCurrent(rendered.outcome)) {
      if (rendered !== undefined) this.answers.delete(url);
      this.metrics.cacheLookup('answers', false);
      return undefined;
    }
    this.metrics.cacheLookup('answers', true);
    const shared: Array<readonly [string, string]> = [
      ...rendered.answer.headers,
      // The same URL answers a signed form to Accept: application/jose.
      ['Vary', 'Accept'],
      ['Age', String(Math.floor((now - rendered.renderedAtMs) / 1000))],
    ];
    if (notModified(request, rendered.answer.etag)) return { route: this.route, status: 304, headers: shared, body: '' };
    return {
      route: this.route,
      status: 200,
      headers: [['Content-Type', rendered.answer.contentType], ['Content-Length', rendered.bytes], ...shared],
      body: rendered.answer.body,
    };
  }
}
