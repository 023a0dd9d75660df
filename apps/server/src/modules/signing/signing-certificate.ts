import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { secretAad, type KeyRing } from '../../platform/crypto/envelope';
import { keyRingFor } from '../../platform/crypto/key-ring';
import { loadForge } from '../../platform/heavy-modules';

/**
 * The deployment's signing certificate (docs/signing.md): SIGNING_P12_PATH + SIGNING_P12_PASSPHRASE
 * when configured; otherwise a self-signed one generated once into DATA_DIR/signing and reused
 * (pure JavaScript with node-forge, so no openssl is needed anywhere).
 */
export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject common name and SHA-256 fingerprint (for the certificate page). */
  subject: string;
  fingerprint: string;
  selfSigned: boolean;
}

export const EMBEDDED_P12_FILE = 'signing-certificate.p12';
/** Before secrets at rest the passphrase sat here in plain text; read once, sealed, removed. */
const LEGACY_PASSPHRASE_FILE = 'signing-certificate.passphrase';
/** The P12's passphrase as an envelope under the key ring (docs/secrets-at-rest.md). */
export const EMBEDDED_PASSPHRASE_FILE = 'signing-certificate.passphrase.enc';
const PASSPHRASE_AAD = secretAad('file', 'signing', EMBEDDED_PASSPHRASE_FILE);

const cache = new Map<string, Promise<SigningCertificate>>();

export function loadSigningCertificate(
  config: Pick<AppConfig, 'dataDir' | 'signing' | 'dataEncryptionKeys'>,
): Promise<SigningCertificate> {
  const key = config.signing.p12Path ?? path.join(config.dataDir, 'signing', EMBEDDED_P12_FILE);
  let pending = cache.get(key);
  if (!pending) {
    pending = config.signing.p12Path
      ? readConfigured(config.signing.p12Path, config.signing.p12Passphrase ?? '')
      : readOrCreateEmbedded(path.join(config.dataDir, 'signing'), keyRingFor(config));
    // A failure is not cached: the next signing tries again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

async function readConfigured(p12Path: string, passphrase: string): Promise<SigningCertificate> {
  try {
    const p12 = await fs.readFile(p12Path);
    return { p12, passphrase, ...(await describe(p12, passphrase)), selfSigned: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The signing certificate SIGNING_P12_PATH=${p12Path} could not be used (check the file and SIGNING_P12_PASSPHRASE): ${reason}`,
      { cause: error },
    );
  }
}

async function readOrCreateEmbedded(dir: string, keys: KeyRing): Promise<SigningCertificate> {
  const p12Path = path.join(dir, EMBEDDED_P12_FILE);
  const passPath = path.join(dir, EMBEDDED_PASSPHRASE_FILE);
  await sealLegacyPassphrase(dir, keys);
  try {
    const [p12, sealed] = await Promise.all([fs.readFile(p12Path), fs.readFile(passPath, 'utf8')]);
    const passphrase = keys.decrypt(sealed.trim(), PASSPHRASE_AAD);
    return { p12, passphrase, ...(await describe(p12, passphrase)), selfSigned: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const passphrase = crypto.randomBytes(24).toString('base64url');
  const p12 = await generateSelfSignedP12(passphrase, 'Flowline document signing (self-signed)');
  // Written under temporary names then renamed, so a crash never leaves half a certificate; a
  // second process racing here writes an equivalent pair and the last rename wins for both files.
  const tmp = `.${process.pid}-${crypto.randomUUID()}`;
  await fs.writeFile(passPath + tmp, keys.encrypt(passphrase, PASSPHRASE_AAD), { mode: 0o600 });
  await fs.writeFile(p12Path + tmp, p12, { mode: 0o600 });
  await fs.rename(passPath + tmp, passPath);
  await fs.rename(p12Path + tmp, p12Path);
  return readOrCreateEmbedded(dir, keys);
}

/** A plain passphrase file left by an older version: sealed next to it, then removed. */
async function sealLegacyPassphrase(dir: string, keys: KeyRing) {
  const legacyPath = path.join(dir, LEGACY_PASSPHRASE_FILE);
  let passphrase: string;
  try {
    passphrase = await fs.readFile(legacyPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await writeAtomically(
    path.join(dir, EMBEDDED_PASSPHRASE_FILE),
    keys.encrypt(passphrase, PASSPHRASE_AAD),
  );
  await fs.rm(legacyPath, { force: true });
}

/**
 * Rotation (npm run keys:rotate): the embedded passphrase's data key re-wrapped under the current
 * master key. Returns whether the file was rewritten.
 */
export async function rewrapEmbeddedPassphrase(dataDir: string, keys: KeyRing): Promise<boolean> {
  const dir = path.join(dataDir, 'signing');
  await sealLegacyPassphrase(dir, keys);
  const passPath = path.join(dir, EMBEDDED_PASSPHRASE_FILE);
  let sealed: string;
  try {
    sealed = (await fs.readFile(passPath, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (keys.isCurrent(sealed)) return false;
  await writeAtomically(passPath, keys.rewrap(sealed));
  return true;
}

async function writeAtomically(file: string, content: string) {
  const tmp = `${file}.${process.pid}-${crypto.randomUUID()}`;
  await fs.writeFile(tmp, content, { mode: 0o600 });
  await fs.rename(tmp, file);
}

/** A 2048-bit RSA key and a ten-year self-signed certificate for signing, as a PKCS#12 file. */
export async function generateSelfSignedP12(
  passphrase: string,
  commonName: string,
): Promise<Buffer> {
  const forge = await loadForge();
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Flowline' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

async function describe(
  p12: Buffer,
  passphrase: string,
): Promise<{ subject: string; fingerprint: string }> {
  const forge = await loadForge();
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const certBag = forge.pki.oids.certBag as string;
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const cert = bags[0]?.cert;
  if (!cert) throw new Error('The signing P12 holds no certificate');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const fingerprint = crypto
    .createHash('sha256')
    .update(Buffer.from(der, 'binary'))
    .digest('hex')
    .toUpperCase();
  const cn = cert.subject.getField('CN') as { value?: string } | null;
  return {
    subject:
      cn?.value ??
      cert.subject.attributes.map((a: { value?: unknown }) => String(a.value)).join(', '),
    fingerprint,
  };
}
