import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the embedded default is a folder under DATA_DIR (fs-blob-store.ts),
 * production an S3-compatible bucket (s3-blob-store.ts). Keys are relative,
 * slash-separated paths such as `companies/12/legal/<uuid>`; services build them, routes never do.
 */
export interface BlobStore {
  /**
   * Stores the stream under the key, replacing any blob there. The blob becomes visible only once
   * the whole stream was written; when the stream errors nothing is left behind and put rejects
   * with that error.
   */
  put(key: string, stream: Readable, opts?: BlobPutOptions): Promise<{ size: number }>;
  /**
   * Stores the stream under a key derived from its SHA-256 (`<prefix>/sha256/<2 hex>/<64 hex>`),
   * never from a name the user chose; identical content is stored once. Like put, nothing is
   * left behind when the stream errors.
   */
  putByContent(prefix: string, stream: Readable, opts?: BlobPutOptions): Promise<StoredBlob>;
  /**
   * The blob's bytes (or the inclusive byte range given); rejects with BlobNotFoundError when
   * there is none. The range must lie within the blob (callers know its size).
   */
  get(key: string, range?: BlobRange): Promise<Readable>;
  /** Removes the blob; a missing one is not an error (deletes run after commits and may repeat). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored blob with its size and last write (for the orphan sweep). */
  list(): AsyncIterable<BlobEntry>;
  /**
   * Removes what interrupted writes left behind (temporary files, temporary keys, unfinished
   * multipart uploads) last touched before `cutoff`.
   */
  removeStaleTemporaries(cutoff: Date): Promise<{ count: number; bytes: number }>;
  /** Releases connections (the S3 client's sockets); the app calls it when it closes. */
  close?(): void;
}

export interface BlobEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface BlobRange {
  start: number;
  end: number;
}

export interface StoredBlob {
  key: string;
  sha256: string;
  size: number;
}

/** The key of content-addressed blobs (see BlobStore.putByContent). */
export function contentKey(prefix: string, sha256: string): string {
  return `${prefix}/sha256/${sha256.slice(0, 2)}/${sha256}`;
}

export interface BlobPutOptions {
  /** Kept as object metadata by stores that have it (S3); the filesystem store ignores it. */
  contentType?: string;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob stored under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * The store cannot be reached or refuses to work (S3 down or answering 5xx, a full or read-only
 * disk): nothing was stored. The error handler answers 503 storage_unavailable.
 */
export class BlobStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The file store is unavailable', { cause });
    this.name = 'BlobStoreUnavailableError';
  }
}

// Segments start with a letter or digit, so '.', '..' and hidden names can never appear.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws unless the key is a plain relative path: no traversal, no absolute paths, no oddities. */
export function assertValidBlobKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.length > 16 || !segments.every((s) => SEGMENT.test(s))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}
