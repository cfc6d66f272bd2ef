import { injectable } from 'inversify';
import nodeFetch from 'node-fetch';
import type { RemoteAnswer, RemoteLog } from '../../application/ports/remote-log.js';
import { readCappedBody } from './read-capped-body.js';

// A full tile of entries holds at most 256 entries of a few hundred bytes; a JWKS or a proof far less.
const MAX_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * RemoteLog over node-fetch: a GET of the URL the auditor named (any http or https address: the
 * person running `vetted log verify` chose it, as with curl), no redirect followed, 10 s, 4 MiB of
 * body at most (past it the read fails, rather than auditing a truncated tile).
 */
@injectable()
export class NodeFetchRemoteLog implements RemoteLog {
  async get(url: string): Promise<RemoteAnswer> {
    if (!/^https?:\/\//i.test(url)) throw new Error(`${url.slice(0, 100)} is not an http or https URL`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await nodeFetch(url, { redirect: 'manual', follow: 0, signal: controller.signal, headers: { Accept: '*/*' } });
      const body = await readCappedBody(response.body, MAX_BYTES + 1);
      if (body.bytes.length > MAX_BYTES) throw new Error(`the answer of ${new URL(url).pathname} is over ${MAX_BYTES} bytes`);
      return { status: response.status, body: body.bytes };
    } catch (error) {
      if (controller.signal.aborted) throw new Error(`no answer within ${TIMEOUT_MS / 1000} s`, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
