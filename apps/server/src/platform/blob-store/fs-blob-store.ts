import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidBlobKey, BlobNotFoundError, contentKey, type BlobStore } from './blob-store';

/**
 * The embedded blob store: one file per key under `root`. Writes go to a temporary file in
 * `root/.tmp` (same file system) and are renamed into place, so a reader never sees half a file
 * and a failed upload leaves nothing behind.
 */
export function createFsBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, '.tmp');

  const pathOf = (key: string) => {
    assertValidBlobKey(key);
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key pattern already rules traversal out.
    if (!full.startsWith(root + path.sep)) throw new Error(`Invalid blob key: ${key}`);
    return full;
  };

  return {
    async put(key, stream) {
      const target = pathOf(key);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(stream, out);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
      } catch (error) {
        // A source that fails at once can beat the file's asynchronous open: wait until the
        // write stream has closed, or the open would recreate the file after it was removed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      return { size: out.bytesWritten };
    },

    async putByContent(prefix, stream) {
      assertValidBlobKey(prefix);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
      const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      const hash = crypto.createHash('sha256');
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              hash.update(chunk);
              yield chunk;
            }
          },
          out,
        );
        const sha256 = hash.digest('hex');
        const key = contentKey(prefix, sha256);
        const target = pathOf(key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        // Identical content may already be there: rename replaces it with the same bytes.
        await fs.promises.rename(tmp, target);
        return { key, sha256, size: out.bytesWritten };
      } catch (error) {
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const file = pathOf(key);
      try {
        // Opening first turns a missing blob into a rejection here, not an error mid-response.
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream(range && { start: range.start, end: range.end }) as Readable;
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },

    async *list() {
      for await (const file of walk(root)) {
        const relative = path.relative(root, file).split(path.sep);
        if (relative[0] === '.tmp') continue;
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat?.isFile())
          yield { key: relative.join('/'), size: stat.size, modifiedAt: stat.mtime };
      }
    },

    async removeStaleTemporaries(cutoff) {
      let count = 0;
      let bytes = 0;
      const names = await fs.promises.readdir(tmpDir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtime >= cutoff) continue;
        await fs.promises.rm(file, { force: true });
        count += 1;
        bytes += stat.size;
      }
      return { count, bytes };
    },

    async exists(key) {
      try {
        return (await fs.promises.stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
