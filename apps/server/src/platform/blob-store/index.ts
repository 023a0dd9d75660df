import path from 'node:path';
import type { AppConfig } from '../../config';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';

export {
  assertValidBlobKey,
  BlobNotFoundError,
  BlobStoreUnavailableError,
  contentKey,
} from './blob-store';
export type { BlobPutOptions, BlobRange, BlobStore, StoredBlob } from './blob-store';

/**
 * The configured store: BLOB_STORE=s3 → the bucket in S3_*, else the embedded store under
 * DATA_DIR/files. Nothing else in the app knows which one it got.
 */
export function createBlobStore(config: AppConfig): BlobStore {
  if (config.blobStore === 's3') {
    if (!config.s3) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
    const s3 = config.s3;
    // The AWS SDK (~20 MB in memory) is loaded only when the bucket is configured, on first use.
    return loadedOnFirstUse(async () => {
      const { createS3BlobStore, createS3Client } = await import('./s3-blob-store');
      return createS3BlobStore({ client: createS3Client(s3), bucket: s3.bucket });
    });
  }
  return createFsBlobStore(path.join(config.dataDir, 'files'));
}

/** A store whose implementation is created by the first call that needs it. */
function loadedOnFirstUse(create: () => Promise<BlobStore>): BlobStore {
  let store: BlobStore | undefined;
  let creating: Promise<BlobStore> | undefined;
  const get = () =>
    (creating ??= create().then((created) => {
      store = created;
      return created;
    }));
  return {
    put: async (...args) => (await get()).put(...args),
    putByContent: async (...args) => (await get()).putByContent(...args),
    get: async (...args) => (await get()).get(...args),
    delete: async (...args) => (await get()).delete(...args),
    exists: async (...args) => (await get()).exists(...args),
    async *list() {
      yield* (await get()).list();
    },
    removeStaleTemporaries: async (...args) => (await get()).removeStaleTemporaries(...args),
    close: () => {
      if (store) store.close?.();
      else void creating?.then((created) => created.close?.());
    },
  };
}
