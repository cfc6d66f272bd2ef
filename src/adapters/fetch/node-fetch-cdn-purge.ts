import { inject, injectable } from 'inversify';
import nodeFetch from 'node-fetch';
import type { CdnPurge } from '../../application/ports/cdn-purge.js';
import { readCappedBody } from './read-capped-body.js';

/** Settings of NodeFetchCdnPurge, bound in the composition root when CDN_PURGE_URL is set. */
export interface CdnPurgeOptions {
  /** CDN_PURGE_URL: http or https; a user and password in it are sent as Basic credentials. */
  readonly url: string;
  /** Sent as User-Agent (userAgentFor). */
  readonly userAgent: string;
  /** The whole request, connection to last byte read. Default 5000 ms. */
  readonly timeoutMs?: number;
}
export const CdnPurgeOptions = Symbol('CdnPurgeOptions');

/** What is read of the endpoint's answer at most (for the error message); the rest is dropped. */
const MAX_ANSWER_BYTES = 4096;

/**
 * CdnPurge as one POST of `{"surrogate_keys": [...]}` (application/json) to the operator's own
 * endpoint: a Varnish, a CDN's API or a relay in front of one. It is the operator's address, often
 * a private one, so it goes through the system resolver and no address policy (unlike the scans'
 * fetcher); never redirected, bounded in time, at most 4 KiB of the answer read. 2xx: done.
 */
@injectable()
export class NodeFetchCdnPurge implements CdnPurge {
  private readonly url: string;
  private readonly authorization: string | undefined;

  constructor(@inject(CdnPurgeOptions) private readonly options: CdnPurgeOptions) {
    const url = new URL(options.url);
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    this.authorization = user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
    url.username = '';
    url.password = '';
    this.url = url.href;
  }

  async purge(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const timeoutMs = this.options.timeoutMs ?? 5000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const target = new URL(this.url).host;
    let status: number;
    let answer: Uint8Array;
    try {
      const response = await nodeFetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/plain;q=0.9, */*;q=0.1',
          'User-Agent': this.options.userAgent,
          ...(this.authorization ? { Authorization: this.authorization } : {}),
        },
        body: JSON.stringify({ surrogate_keys: keys }),
        redirect: 'manual',
        follow: 0,
        signal: controller.signal,
      });
      status = response.status;
      answer = (await readCappedBody(response.body, MAX_ANSWER_BYTES)).bytes;
    } catch (error) {
      if (controller.signal.aborted) throw new Error(`the CDN purge endpoint ${target} did not answer within ${timeoutMs} ms`, { cause: error });
      throw new Error(`the CDN purge endpoint ${target} cannot be reached: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    // A redirect counts as a refusal: the purge is never replayed to wherever it points.
    if (status < 200 || status > 299) {
      const text = Buffer.from(answer)
        .toString('utf8')
        .replace(/[^\x20-\x7e]+/g, ' ')
        .trim()
        .slice(0, 200);
      throw new Error(`the CDN purge endpoint ${target} answered ${status}${text ? `: ${text}` : ''}`);
    }
  }
}
