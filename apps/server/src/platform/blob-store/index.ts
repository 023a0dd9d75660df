import path from 'node:path';
import type { AppConfig } from '../../config';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';
import { createS3BlobStore, createS3Client } from './s3-blob-store';

export { assertValidBlobKey, BlobNotFoundError, contentKey } from './blob-store';
export type { BlobPutOptions, BlobRange, BlobStore, StoredBlob } from './blob-store';

/**
 * The configured store: BLOB_STORE=s3 → the bucket in S3_*, else the embedded store under
 * DATA_DIR/files. Nothing else in the app knows which one it got.
 */
export function createBlobStore(config: AppConfig): BlobStore {
  if (config.blobStore === 's3') {
    if (!config.s3) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
    return createS3BlobStore({ client: createS3Client(config.s3), bucket: config.s3.bucket });
  }
  return createFsBlobStore(path.join(config.dataDir, 'files'));
}
