import type { IncomingMessage } from 'node:http';

/** The body text, or the fact that it was over the limit. */
export type LimitedBody = { readonly tooLarge: false; readonly text: string } | { readonly tooLarge: true };

/**
 * Reads a request body as UTF-8, at most `maxBytes`. A declared Content-Length over the limit is
 * refused before anything is read; otherwise bytes are counted as they arrive (chunked uploads
 * included) and reading stops, the rest left unread, once the limit is passed. Rejects when the
 * stream fails.
 */
export function readLimitedBody(req: IncomingMessage, maxBytes: number): Promise<LimitedBody> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      cleanup();
      // Paused, not destroyed: the 413 must still reach the client before the socket closes.
      req.pause();
      resolve({ tooLarge: true });
    };
    const onEnd = () => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
