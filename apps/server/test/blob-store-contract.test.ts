import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../src/platform/blob-store/fs-blob-store';
import { BlobNotFoundError, contentKey, type BlobStore } from '../src/platform/blob-store/index';
import { createS3BlobStore, S3_PART_SIZE } from '../src/platform/blob-store/s3-blob-store';
import { startS3, type TestS3 } from './helpers/s3rver';

/**
 * The BlobStore contract, run against every implementation: the embedded filesystem store and the
 * S3 store against a real S3 API (s3rver in this process).
 */

interface Subject {
  store: BlobStore;
  /** Every stored object, temporary ones included. */
  list(): Promise<string[]>;
  /** The S3 commands sent so far (S3 only). */
  commands?: string[];
  close(): Promise<void>;
}

async function fsSubject(): Promise<Subject> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-contract-'));
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(dir, e.name))
          : [path.relative(root, path.join(dir, e.name))],
      );
  return {
    store: createFsBlobStore(root),
    list: async () =>
      walk(root)
        .map((f) => f.split(path.sep).join('/'))
        .sort(),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Subject(): Promise<Subject & { s3: TestS3 }> {
  const s3 = await startS3();
  const client = new S3Client({
    region: s3.config.region,
    endpoint: s3.config.endpoint!,
    forcePathStyle: true,
    credentials: s3.config.credentials!,
  });
  const commands: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  const store = createS3BlobStore({ client, bucket: s3.config.bucket });
  return {
    s3,
    store,
    list: () => s3.listKeys(),
    commands,
    close: async () => {
      store.close?.();
      await s3.close();
    },
  };
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** `total` pseudo-random bytes in 1 MB chunks, generated as they are read (never all in memory). */
function generated(total: number, seed: string) {
  const hash = crypto.createHash('sha256');
  async function* chunks() {
    let counter = 0;
    for (let sent = 0; sent < total;) {
      const size = Math.min(1024 * 1024, total - sent);
      const block = Buffer.alloc(size);
      for (let o = 0; o < size; o += 32) {
        crypto.createHash('sha256').update(`${seed}:${counter++}`).digest().copy(block, o);
      }
      hash.update(block);
      sent += size;
      yield block;
    }
  }
  return { stream: Readable.from(chunks()), digest: () => hash.digest('hex') };
}

async function* failingAfter(bytes: number) {
  yield Buffer.alloc(bytes, 1);
  throw new Error('client went away');
}

describe.each([
  ['filesystem', fsSubject],
  ['S3', s3Subject],
])('%s blob store', (_name, create) => {
  let subject: Subject;
  let store: BlobStore;
  beforeAll(async () => {
    subject = await create();
    store = subject.store;
  });
  afterAll(async () => subject.close());

  it('stores and reads back bytes exactly, reports exists, and replaces on put', async () => {
    const data = crypto.randomBytes(300_000);
    expect(await store.put('companies/1/files/a', Readable.from([data]))).toEqual({
      size: data.length,
    });
    expect(await store.exists('companies/1/files/a')).toBe(true);
    expect((await read(await store.get('companies/1/files/a'))).equals(data)).toBe(true);

    await store.put('companies/1/files/a', Readable.from([Buffer.from('second')]));
    expect((await read(await store.get('companies/1/files/a'))).toString()).toBe('second');
  });

  it('reads an inclusive byte range', async () => {
    const data = crypto.randomBytes(10_000);
    await store.put('ranges/one', Readable.from([data]));
    const part = await read(await store.get('ranges/one', { start: 100, end: 1099 }));
    expect(part.equals(data.subarray(100, 1100))).toBe(true);
  });

  it('stores identical content once under its content key', async () => {
    const data = crypto.randomBytes(50_000);
    const first = await store.putByContent('dedup', Readable.from([data]), {
      contentType: 'application/pdf',
    });
    expect(first).toEqual({
      key: contentKey('dedup', sha256(data)),
      sha256: sha256(data),
      size: data.length,
    });
    const second = await store.putByContent('dedup', Readable.from([Buffer.from(data)]));
    expect(second).toEqual(first);
    const other = await store.putByContent('dedup', Readable.from([Buffer.from('other')]));
    expect(other.key).not.toBe(first.key);

    const keys = await subject.list();
    expect(keys.filter((k) => k.startsWith('dedup/'))).toEqual([first.key, other.key].sort());
    expect(keys.filter((k) => k.startsWith('tmp/') || k.startsWith('.tmp/'))).toEqual([]);
    expect((await read(await store.get(first.key))).equals(data)).toBe(true);
  });

  it('leaves nothing behind when the source stream fails, and keeps the previous blob', async () => {
    await store.put('failing/kept', Readable.from([Buffer.from('previous')]));
    const before = await subject.list();
    await expect(store.put('failing/kept', Readable.from(failingAfter(10)))).rejects.toThrow(
      'client went away',
    );
    await expect(store.put('failing/new', Readable.from(failingAfter(10)))).rejects.toThrow(
      'client went away',
    );
    await expect(store.putByContent('failing', Readable.from(failingAfter(10)))).rejects.toThrow(
      'client went away',
    );
    // Past one part: on S3 a multipart upload was under way and is aborted.
    await expect(
      store.putByContent('failing', Readable.from(failingAfter(S3_PART_SIZE + 1024))),
    ).rejects.toThrow('client went away');
    expect(await subject.list()).toEqual(before);
    expect(await store.exists('failing/new')).toBe(false);
    expect((await read(await store.get('failing/kept'))).toString()).toBe('previous');
  });

  it('reports a missing blob as BlobNotFoundError and deletes idempotently', async () => {
    await expect(store.get('missing/blob')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.get('missing/blob', { start: 0, end: 1 })).rejects.toBeInstanceOf(
      BlobNotFoundError,
    );
    expect(await store.exists('missing/blob')).toBe(false);

    await store.put('deleted/blob', Readable.from([Buffer.from('x')]));
    await store.delete('deleted/blob');
    expect(await store.exists('deleted/blob')).toBe(false);
    await expect(store.get('deleted/blob')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete('deleted/blob')).resolves.toBeUndefined();
  });

  it.each(['../outside', 'a/../../outside', '/etc/passwd', 'a//b', '.hidden', 'a\\b', '', 'ü'])(
    'rejects the key %j',
    async (key) => {
      const body = () => Readable.from([Buffer.from('x')]);
      await expect(store.put(key, body())).rejects.toThrow(/Invalid blob key/);
      await expect(store.putByContent(key, body())).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
      await expect(store.exists(key)).rejects.toThrow(/Invalid blob key/);
    },
  );

  it('streams 30 MB through byte-identical (multipart on S3)', async () => {
    const size = 30 * 1024 * 1024;
    const sent = subject.commands?.length ?? 0;
    const source = generated(size, 'thirty');
    const stored = await store.putByContent('large', source.stream);
    expect(stored.size).toBe(size);
    expect(stored.sha256).toBe(source.digest());

    if (subject.commands) {
      const used = subject.commands.slice(sent);
      expect(used.filter((c) => c === 'UploadPartCommand')).toHaveLength(
        Math.ceil(size / S3_PART_SIZE),
      );
      expect(used).toContain('CompleteMultipartUploadCommand');
    }
    const back = crypto.createHash('sha256');
    let length = 0;
    for await (const chunk of await store.get(stored.key)) {
      back.update(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    expect(length).toBe(size);
    expect(back.digest('hex')).toBe(stored.sha256);
    expect((await subject.list()).filter((k) => k.startsWith('tmp/'))).toEqual([]);
  });
});

describe('S3 blob store specifics', () => {
  let t: Awaited<ReturnType<typeof s3Subject>>;
  beforeAll(async () => {
    t = await s3Subject();
  });
  afterAll(async () => t.close());

  it('keeps the content type as object metadata, through the content-key copy too', async () => {
    await t.store.put('typed/a', Readable.from([Buffer.from('%PDF')]), {
      contentType: 'application/pdf',
    });
    const stored = await t.store.putByContent('typed', Readable.from([Buffer.from('png')]), {
      contentType: 'image/png',
    });
    const head = (key: string) =>
      t.s3.client.send(new HeadObjectCommand({ Bucket: t.s3.config.bucket, Key: key }));
    expect((await head('typed/a')).ContentType).toBe('application/pdf');
    expect((await head(stored.key)).ContentType).toBe('image/png');
  });

  it('copies again when the content key already exists, renewing it for the orphan sweep', async () => {
    const data = Buffer.from('same bytes');
    await t.store.putByContent('again', Readable.from([data]));
    const sent = t.commands!.length;
    await t.store.putByContent('again', Readable.from([data]));
    const used = t.commands!.slice(sent);
    expect(used).toContain('CopyObjectCommand');
    expect(used).toContain('DeleteObjectCommand'); // the temporary key
  });
});
