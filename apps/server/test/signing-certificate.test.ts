// Issue 13: the signing certificate — a configured P12 signs (pdfsig names it), a broken one stops
// the start; without one a self-signed certificate is generated once into DATA_DIR and reused.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  EMBEDDED_P12_FILE,
  generateSelfSignedP12,
  loadSigningCertificate,
} from '../src/modules/signing/signing-certificate';
import { applyDigitalSignature, stampSignature } from '../src/modules/signing/pdf-signature';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-signing-cert-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function signWith(certificate: Awaited<ReturnType<typeof loadSigningCertificate>>) {
  const source = await PDFDocument.create();
  source.addPage([612, 792]);
  const png = await sharp({
    create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const doc = await stampSignature({
    pdf: await source.save(),
    png,
    page: 1,
    area: { x: 0.1, y: 0.8, width: 0.3, height: 0.1 },
    fullName: 'Pat Purchaser',
    signedAt: new Date(),
  });
  return applyDigitalSignature({
    doc,
    certificate,
    signerName: 'Pat Purchaser',
    contactInfo: 'pat@example.com',
    signedAt: new Date(),
  });
}

function pdfsig(file: string): string {
  try {
    return execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

describe('signing certificate', () => {
  it('generates a self-signed one once into DATA_DIR and reuses it', async () => {
    const dataDir = path.join(dir, 'embedded');
    const config = {
      dataDir,
      signing: { p12Path: null, p12Passphrase: null },
      dataEncryptionKeys: null,
    };
    const first = await loadSigningCertificate(config);
    expect(first.selfSigned).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'signing', EMBEDDED_P12_FILE))).toBe(true);
    // Another process (no in-memory cache) reads the same file.
    const again = await loadSigningCertificate({ ...config, dataDir: `${dataDir}/../embedded` });
    expect(again.fingerprint).toBe(first.fingerprint);
  });

  it('uses a configured P12 and its passphrase', async () => {
    const p12Path = path.join(dir, 'company.p12');
    fs.writeFileSync(p12Path, await generateSelfSignedP12('s3cret', 'Red Mesa Document Signing'));
    const certificate = await loadSigningCertificate({
      dataDir: dir,
      signing: { p12Path, p12Passphrase: 's3cret' },
      dataEncryptionKeys: null,
    });
    expect(certificate).toMatchObject({ subject: 'Red Mesa Document Signing', selfSigned: false });
    const signed = await signWith(certificate);
    if (!fs.existsSync('/usr/bin/pdfsig')) return;
    const file = path.join(dir, 'configured.pdf');
    fs.writeFileSync(file, signed);
    const out = pdfsig(file);
    expect(out).toContain('Red Mesa Document Signing');
    expect(out).toContain('Signature is Valid.');
    expect(out).toContain('Total document signed');
  });

  it('a configured certificate that cannot be read is refused with a clear message', async () => {
    // (The signing module loads a configured certificate when the app starts, so this stops it.)
    const p12Path = path.join(dir, 'wrong-passphrase.p12');
    fs.writeFileSync(p12Path, await generateSelfSignedP12('right', 'Wrong Passphrase'));
    const load = (file: string, passphrase: string | null) =>
      loadSigningCertificate({
        dataDir: dir,
        signing: { p12Path: file, p12Passphrase: passphrase },
        dataEncryptionKeys: null,
      });
    await expect(load(p12Path, 'wrong')).rejects.toThrow(/SIGNING_P12_PATH/);
    await expect(load(path.join(dir, 'missing.p12'), null)).rejects.toThrow(/SIGNING_P12_PATH/);
  });
});
