import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../src/platform/blob-store/fs-blob-store';
import { BlobNotFoundError, type BlobStore } from '../src/platform/blob-store/index';

let root: string;
let store: BlobStore;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-blobs-'));
  store = createFsBlobStore(root);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under the root, the temporary folder included. */
function allFiles(dir = root): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? allFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
}

async function* failingAfterOneChunk() {
  yield Buffer.from('partial');
  throw new Error('client went away');
}

describe('filesystem blob store', () => {
  it('stores, reads back, reports and deletes a blob', async () => {
    const data = Buffer.from('hello blob '.repeat(10_000));
    const key = 'companies/1/legal/abc-123';
    expect(await store.put(key, Readable.from([data]))).toEqual({ size: data.length });
    expect(await store.exists(key)).toBe(true);
    expect((await read(await store.get(key))).equals(data)).toBe(true);
    expect(fs.existsSync(path.join(root, 'companies', '1', 'legal', 'abc-123'))).toBe(true);

    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined(); // deleting twice is fine
  });

  it('replaces a blob stored under the same key', async () => {
    await store.put('k/one', Readable.from([Buffer.from('first')]));
    await store.put('k/one', Readable.from([Buffer.from('second')]));
    expect((await read(await store.get('k/one'))).toString()).toBe('second');
  });

  it('leaves nothing behind when the stream fails, and keeps the previous blob', async () => {
    await store.put('k/kept', Readable.from([Buffer.from('previous')]));
    const before = allFiles().length;
    await expect(store.put('k/kept', Readable.from(failingAfterOneChunk()))).rejects.toThrow(
      'client went away',
    );
    await expect(store.put('k/new', Readable.from(failingAfterOneChunk()))).rejects.toThrow();
    expect(allFiles()).toHaveLength(before);
    expect(await store.exists('k/new')).toBe(false);
    expect((await read(await store.get('k/kept'))).toString()).toBe('previous');
  });

  it.each([
    '../outside',
    'a/../../outside',
    '/etc/passwd',
    'a//b',
    '.hidden',
    'a/./b',
    'a\\b',
    '',
    'companies/1/legal/ünïcode',
  ])('rejects the key %j', async (key) => {
    await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /Invalid blob key/,
    );
    await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
    await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
    await expect(store.exists(key)).rejects.toThrow(/Invalid blob key/);
  });
});
