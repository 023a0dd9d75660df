import crypto from 'node:crypto';

/**
 * Envelope encryption of secrets at rest (docs/secrets-at-rest.md), Node's crypto only.
 *
 * Each value gets a fresh 256-bit data key; the value is sealed with it (AES-256-GCM, the AAD
 * names where the value lives: table, column and row), and the data key is wrapped by a master key
 * of the key ring (AES-256-GCM, the AAD is the master key's id). The stored string is
 *
 *   fl1:<master key id>:<wrapped data key>:<sealed value>      (both parts base64url of iv|ct|tag)
 *
 * Rotation re-wraps only the data key (`rewrap`); the sealed value is never re-encrypted.
 */

export const ENVELOPE_VERSION = 'fl1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface MasterKey {
  id: string;
  key: Buffer;
}

/** A secret could not be opened because of the deployment's keys (not the user's input). */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

/** The master keys: the first encrypts (and wraps on rotation), every one decrypts. */
export class KeyRing {
  readonly current: MasterKey;
  private readonly byId: Map<string, Buffer>;

  constructor(keys: readonly MasterKey[]) {
    const [first] = keys;
    if (!first) throw new SecretKeyError('The data encryption key ring is empty');
    this.byId = new Map();
    for (const { id, key } of keys) {
      if (!KEY_ID_PATTERN.test(id))
        throw new SecretKeyError(`Data encryption key id "${id}" must match ${KEY_ID_PATTERN}`);
      if (key.length !== KEY_BYTES)
        throw new SecretKeyError(
          `Data encryption key "${id}" must be ${KEY_BYTES} bytes (base64), not ${key.length}`,
        );
      if (this.byId.has(id)) throw new SecretKeyError(`Data encryption key id "${id}" repeated`);
      this.byId.set(id, key);
    }
    this.current = first;
  }

  get ids(): string[] {
    return [...this.byId.keys()];
  }

  /** Seals a value for one place (see `secretAad`). */
  encrypt(plaintext: string, aad: string): string {
    const dataKey = crypto.randomBytes(KEY_BYTES);
    try {
      const sealed = seal(dataKey, Buffer.from(plaintext, 'utf8'), Buffer.from(aad, 'utf8'));
      const wrapped = seal(this.current.key, dataKey, wrapAad(this.current.id));
      return [ENVELOPE_VERSION, this.current.id, b64(wrapped), b64(sealed)].join(':');
    } finally {
      dataKey.fill(0);
    }
  }

  /** Opens a value sealed for the same place; throws SecretKeyError when it cannot. */
  decrypt(envelope: string, aad: string): string {
    const parts = parseEnvelope(envelope);
    const dataKey = this.unwrap(parts);
    try {
      return open(dataKey, parts.sealed, Buffer.from(aad, 'utf8'), () =>
        [
          `A secret sealed under data encryption key "${parts.keyId}" does not open for ${aad}:`,
          'it was altered or copied from another row.',
        ].join(' '),
      ).toString('utf8');
    } finally {
      dataKey.fill(0);
    }
  }

  /** Whether the envelope's data key is wrapped by the current master key. */
  isCurrent(envelope: string): boolean {
    return parseEnvelope(envelope).keyId === this.current.id;
  }

  /** The same envelope with its data key wrapped by the current master key (rotation). */
  rewrap(envelope: string): string {
    const parts = parseEnvelope(envelope);
    if (parts.keyId === this.current.id) return envelope;
    const dataKey = this.unwrap(parts);
    try {
      const wrapped = seal(this.current.key, dataKey, wrapAad(this.current.id));
      return [ENVELOPE_VERSION, this.current.id, b64(wrapped), b64(parts.sealed)].join(':');
    } finally {
      dataKey.fill(0);
    }
  }

  private unwrap(parts: EnvelopeParts): Buffer {
    const master = this.byId.get(parts.keyId);
    if (!master)
      throw new SecretKeyError(
        `A secret is encrypted under data encryption key "${parts.keyId}", which is not in the key ring (${this.ids.join(', ')}). Add it to DATA_ENCRYPTION_KEYS (after the current key) or run npm run keys:rotate while it is still there.`,
      );
    return open(
      master,
      parts.wrapped,
      wrapAad(parts.keyId),
      () =>
        `The data encryption key "${parts.keyId}" in DATA_ENCRYPTION_KEYS is not the key the secret was encrypted with (wrong key material for that id).`,
    );
  }
}

/** Where a value lives: binds the ciphertext to its table, column and row. */
export function secretAad(table: string, column: string, rowId: string | number): string {
  return `flowline:${table}.${column}:${rowId}`;
}

export function isEnvelope(value: string): boolean {
  return value.startsWith(`${ENVELOPE_VERSION}:`);
}

/** `id:base64key,id:base64key` (DATA_ENCRYPTION_KEYS and the embedded key file). */
export function parseKeyList(text: string): MasterKey[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon <= 0) throw new SecretKeyError('Each data encryption key is written id:base64key');
      return { id: entry.slice(0, colon), key: Buffer.from(entry.slice(colon + 1), 'base64') };
    });
}

/** A new random master key, written as a key list entry. */
export function generateMasterKeyEntry(id: string): string {
  return `${id}:${crypto.randomBytes(KEY_BYTES).toString('base64')}`;
}

interface EnvelopeParts {
  keyId: string;
  wrapped: Buffer;
  sealed: Buffer;
}

function parseEnvelope(envelope: string): EnvelopeParts {
  const parts = envelope.split(':');
  const [version, keyId, wrapped, sealed] = parts;
  if (parts.length !== 4 || version !== ENVELOPE_VERSION || !keyId || !wrapped || !sealed)
    throw new SecretKeyError('A stored secret is not a readable envelope (unknown format)');
  return {
    keyId,
    wrapped: Buffer.from(wrapped, 'base64url'),
    sealed: Buffer.from(sealed, 'base64url'),
  };
}

const wrapAad = (keyId: string) => Buffer.from(`flowline:data-key:${keyId}`, 'utf8');
const b64 = (buffer: Buffer) => buffer.toString('base64url');

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ct, cipher.getAuthTag()]);
}

function open(key: Buffer, box: Buffer, aad: Buffer, failure: () => string): Buffer {
  if (box.length < IV_BYTES + TAG_BYTES) throw new SecretKeyError(failure());
  const iv = box.subarray(0, IV_BYTES);
  const tag = box.subarray(box.length - TAG_BYTES);
  const ct = box.subarray(IV_BYTES, box.length - TAG_BYTES);
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ct), decipher.final()]);
  } catch {
    throw new SecretKeyError(failure());
  }
}
