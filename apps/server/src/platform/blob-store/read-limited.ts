import type { Readable } from 'node:stream';
import type { BlobStore } from './index';

/**
 * A blob's bytes in memory, for the few readers that need a whole file (signing, reading pages).
 * Stops and throws `tooLarge()` past `limit` bytes (the stored size could be stale).
 */
export async function readBlobWithin(
  blobStore: BlobStore,
  key: string,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const stream: Readable = await blobStore.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > limit) {
      stream.destroy();
      throw tooLarge();
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
