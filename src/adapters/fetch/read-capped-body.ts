/**
 * Reads a (decoded) body up to `maxBytes`. At the cap it stops and leaves the loop, which destroys
 * the stream and, through node-fetch's pipeline, the decompressor and the socket: a compression
 * bomb costs at most one chunk beyond the cap.
 */
export async function readCappedBody(body: AsyncIterable<Uint8Array | string> | null, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  // NaN or Infinity would disable the cap; treat a nonsensical cap as zero instead.
  const cap = Number.isFinite(maxBytes) ? Math.max(0, Math.floor(maxBytes)) : 0;
  if (body === null) return { bytes: new Uint8Array(0), truncated: false };
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  for await (const piece of body) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    const room = cap - total;
    if (chunk.length > room) {
      if (room > 0) chunks.push(chunk.subarray(0, room));
      total += Math.max(room, 0);
      truncated = true;
      break;
    }
    chunks.push(chunk);
    total += chunk.length;
  }
  // A fresh Uint8Array rather than Buffer.concat, whose small results share Node's buffer pool.
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, truncated };
}
