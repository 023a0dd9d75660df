import path from 'node:path';
import type { AppConfig } from '../../config';
import type { BlobStore } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';

export { assertValidBlobKey, BlobNotFoundError, contentKey } from './blob-store';
export type { BlobPutOptions, BlobStore, StoredBlob } from './blob-store';

/**
 * The embedded store under DATA_DIR/files. An S3 implementation (chosen by environment variables,
 * tested against s3rver) is a later task; it only has to implement BlobStore.
 */
export function createBlobStore(config: AppConfig): BlobStore {
  return createFsBlobStore(path.join(config.dataDir, 'files'));
}
