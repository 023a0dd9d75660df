import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { generateMasterKeyEntry, KeyRing, parseKeyList } from './envelope';

export const EMBEDDED_KEY_FILE = 'data-encryption.keys';

type KeyConfig = Pick<AppConfig, 'dataDir' | 'dataEncryptionKeys'>;

const cache = new Map<string, KeyRing>();

/**
 * The deployment's key ring: DATA_ENCRYPTION_KEYS when set; otherwise one key generated once into
 * DATA_DIR/keys (0600), like the embedded signing certificate. Cached per configuration.
 */
export function keyRingFor(config: KeyConfig): KeyRing {
  const cacheKey = `${config.dataEncryptionKeys ?? ''}\n${config.dataDir}`;
  let ring = cache.get(cacheKey);
  if (!ring) {
    const text = config.dataEncryptionKeys ?? readOrCreateEmbeddedKeys(config.dataDir);
    ring = new KeyRing(parseKeyList(text));
    cache.set(cacheKey, ring);
  }
  return ring;
}

/** DATA_DIR/keys/data-encryption.keys, created atomically (the first process to link wins). */
function readOrCreateEmbeddedKeys(dataDir: string): string {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, EMBEDDED_KEY_FILE);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}-${crypto.randomUUID()}`;
  fs.writeFileSync(tmp, `${generateMasterKeyEntry('local1')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(tmp);
  }
  return fs.readFileSync(file, 'utf8');
}
