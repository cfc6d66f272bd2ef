import { injectable } from 'inversify';
import nodeFetch from 'node-fetch';
import { AppError } from '../../application/errors.js';
import type { VettedApi, VettedApiAnswer } from '../../application/ports/vetted-api.js';
import { SERVICE_VERSION } from '../../application/views/service-facts.js';
import { readCappedBody } from './read-capped-body.js';

// A trust answer is a few KiB; anything far past that is not Vetted answering.
const MAX_ANSWER_BYTES = 1024 * 1024;
// An external=true answer waits for live looks (EXTERNAL_DEADLINE_MS, 10 s by default) first.
const TIMEOUT_MS = 30_000;

/** VettedApi over node-fetch: JSON asked for, redirects not followed, 1 MiB and 30 s at most. */
@injectable()
export class NodeFetchVettedApi implements VettedApi {
  async verify(baseUrl: string, domain: string, options: { readonly external: boolean }): Promise<VettedApiAnswer> {
    const url = new URL(`verify/${encodeURIComponent(domain)}`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url.searchParams.set('signals', 'true');
    if (options.external) url.searchParams.set('external', 'true');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await nodeFetch(url.href, {
        headers: { Accept: 'application/json', 'User-Agent': `vetted-cli/${SERVICE_VERSION}` },
        redirect: 'manual',
        follow: 0,
        signal: controller.signal,
      });
      const { bytes, truncated } = await readCappedBody(response.body, MAX_ANSWER_BYTES);
      return { status: response.status, body: truncated ? undefined : parseJson(bytes) };
    } catch (error) {
      const why = controller.signal.aborted ? `did not answer within ${TIMEOUT_MS / 1000} s` : `cannot be reached (${(error as Error).message})`;
      throw new AppError('SERVICE_UNAVAILABLE', `Vetted at ${url.origin} ${why}.`, {}, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}
