import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config';
import {
  assertValidBlobKey,
  BlobNotFoundError,
  BlobStoreUnavailableError,
  contentKey,
  type BlobStore,
} from './blob-store';

/**
 * Multipart upload settings: at most QUEUE_SIZE parts of PART_SIZE bytes are in memory per upload
 * (~32 MB), whatever the file size. Streams shorter than one part go up as a single PUT.
 */
export const S3_PART_SIZE = 8 * 1024 * 1024;
export const S3_QUEUE_SIZE = 4;

/** Where putByContent streams a file while its hash is not known yet (see docs). */
const TMP_PREFIX = 'tmp';

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's standard chain (AWS_* env vars, shared profile, container/instance role).
    credentials: config.credentials ?? undefined,
    // Every download holds a socket for as long as the browser reads; the SDK's 50 is too few.
    // No socket timeout: a slow reader pauses the S3 stream, which must not kill it.
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { maxSockets: 256, keepAlive: true },
      httpsAgent: { maxSockets: 256, keepAlive: true },
    },
  });
}

/**
 * The production blob store: an S3(-compatible) bucket. Uploads stream through lib-storage's
 * multipart Upload (bounded memory); an upload that fails is aborted, so the key is untouched.
 */
export function createS3BlobStore(opts: { client: S3Client; bucket: string }): BlobStore {
  const { client, bucket } = opts;

  /** Streams `body` to `key`; rejects with the source's own error when the source failed. */
  async function upload(key: string, source: Readable, contentType?: string, hash?: crypto.Hash) {
    const metered = meter(source, hash);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: metered.body, ContentType: contentType },
      queueSize: S3_QUEUE_SIZE,
      partSize: S3_PART_SIZE,
      // lib-storage aborts the multipart upload itself on failure (no orphaned parts).
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // Stop reading the caller's stream (a request body must not hang) and report the cause:
      // when the source failed, lib-storage may surface the abort call's error instead.
      metered.body.destroy();
      throw metered.sourceError() ?? unavailableOr(error);
    }
    return metered.size();
  }

  async function headExists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailableOr(error);
    }
  }

  return {
    async put(key, stream, putOpts) {
      assertValidBlobKey(key);
      return { size: await upload(key, stream, putOpts?.contentType) };
    },

    async putByContent(prefix, stream, putOpts) {
      assertValidBlobKey(prefix);
      // The key depends on the hash, known only at the end: stream to a temporary key, then
      // copy server-side (no bytes through this process) unless identical content is there.
      const tmpKey = `${TMP_PREFIX}/${crypto.randomUUID()}`;
      const hash = crypto.createHash('sha256');
      try {
        const size = await upload(tmpKey, stream, putOpts?.contentType, hash);
        const sha256 = hash.digest('hex');
        const key = contentKey(prefix, sha256);
        // Copied even when identical content is there: the copy renews its LastModified, so the
        // orphan sweep cannot remove it while the row that will reference it is being written.
        await client
          .send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: key,
              CopySource: `${bucket}/${tmpKey}`,
              MetadataDirective: 'COPY', // keeps the content type
            }),
          )
          .catch((error: unknown) => {
            throw unavailableOr(error);
          });
        return { key, sha256, size };
      } finally {
        // Success or failure, the temporary object goes. Should this delete itself fail, the
        // bucket's lifecycle rule on tmp/ is the backstop (docs/document-upload-and-files.md).
        await client
          .send(new DeleteObjectCommand({ Bucket: bucket, Key: tmpKey }))
          .catch(() => undefined);
      }
    },

    async get(key, range) {
      assertValidBlobKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(res.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
        return res.Body;
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw unavailableOr(error);
      }
    },

    async delete(key) {
      assertValidBlobKey(key);
      // S3 answers 204 for a missing key too: deleting twice is fine.
      await client
        .send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
        .catch((error: unknown) => {
          throw unavailableOr(error);
        });
    },

    async exists(key) {
      assertValidBlobKey(key);
      return headExists(key);
    },

    async *list() {
      for await (const object of listObjects()) {
        if (object.key.startsWith(`${TMP_PREFIX}/`)) continue;
        yield object;
      }
    },

    async removeStaleTemporaries(cutoff) {
      let count = 0;
      let bytes = 0;
      for await (const object of listObjects(`${TMP_PREFIX}/`)) {
        if (object.modifiedAt >= cutoff) continue;
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.key }));
        count += 1;
        bytes += object.size;
      }
      // A killed process leaves its multipart upload open; its parts cost storage until aborted.
      count += await abortStaleMultipartUploads(cutoff);
      return { count, bytes };
    },

    close() {
      client.destroy();
    },
  };

  /** Aborts multipart uploads started before the cutoff; 0 where the server cannot list them. */
  async function abortStaleMultipartUploads(cutoff: Date): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        // Some S3-compatible servers (s3rver) do not implement the listing.
        if ((error as { name?: string }).name === 'NotImplemented') return aborted;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= cutoff)
          continue;
        await client.send(
          new AbortMultipartUploadCommand({
            Bucket: bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  }

  async function* listObjects(prefix?: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key,
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * Wraps the caller's stream: counts (and optionally hashes) the bytes on their way to S3 and
 * remembers an error of the source itself.
 */
function meter(source: Readable, hash?: crypto.Hash) {
  let size = 0;
  let sourceError: unknown;
  async function* pass() {
    try {
      for await (const chunk of source) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buf.length;
        hash?.update(buf);
        yield buf;
      }
    } catch (error) {
      sourceError = error;
      throw error;
    }
  }
  return {
    body: Readable.from(pass(), { objectMode: false }),
    size: () => size,
    sourceError: () => sourceError,
  };
}

/** NoSuchKey from GetObject, NotFound from HeadObject (a HEAD response has no error body). */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * S3 cannot be reached (connection refused or dropped, timed out after the SDK's retries) or
 * answers 5xx (503 SlowDown, 500 InternalError): a BlobStoreUnavailableError, which the API
 * answers with 503. Anything else (403 AccessDenied, a bad bucket name) stays what it is.
 */
function unavailableOr(error: unknown): unknown {
  const e = error as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  } | null;
  const status = e?.$metadata?.httpStatusCode ?? 0;
  if (
    (typeof e?.code === 'string' && NETWORK_ERRORS.has(e.code)) ||
    e?.name === 'TimeoutError' ||
    status >= 500
  )
    return new BlobStoreUnavailableError(error);
  return error;
}
