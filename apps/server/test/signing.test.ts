// Issue 13: the owner returns a pending division order signed (a new, digitally signed version)
// or unsigned; stored signatures; ESIGN consent; hash-chained evidence; certificate of completion.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  HistoryOperation,
  Role,
  RouteStatus,
  SIGNATURE_FULL_NAME_MAX,
  UserType,
  type DocumentDto,
  type EsignConsent,
  type EvidenceVerification,
  type UserSignature,
} from '@flowline/shared';
import {
  devMailbox,
  documents,
  esignConsents,
  notifications,
  signingEvidence,
} from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import type { TestApp } from './helpers/app';
import {
  buildDocument,
  routeOf,
  completeDivisionOrderMetadata,
} from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { caller, historyOf, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { buildMember } from './helpers/factories';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobStore: BlobStore;
let asOperator: ReturnType<typeof caller>;
let asOwner: ReturnType<typeof caller>;
let asOwnerReadOnly: ReturnType<typeof caller>;
let asOwnerGlobal: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;
let png: string;

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-signing-'));
  ({ t, w, asUser: asOperator } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  asOwner = caller(t, w.purchaserUser, w.purchaser);
  asOwnerReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  const global = await buildMember(t.db, w.purchaser, [Role.User], {
    userTypeId: UserType.Global,
  });
  asOwnerGlobal = caller(t, global, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  png = (
    await sharp({
      create: {
        width: 300,
        height: 100,
        channels: 4,
        background: { r: 20, g: 40, b: 200, alpha: 1 },
      },
    })
      .png()
      .toBuffer()
  ).toString('base64');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The operator (vendor) sends a complete pending division order to the owner (purchaser). */
async function sentDivisionOrder(pages = 1) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    file: await pdfWithPages(pages, 'Division order'),
    fileName: 'DO-1.pdf',
    blobStore,
    metadata: completeDivisionOrderMetadata,
    receivingPartyId: w.toPurchaser.id,
  });
  const res = await asOperator({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await routeOf(t.db, doc.id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
  return doc.id;
}

const signedBody = (over: Record<string, unknown> = {}) => ({
  signed: true,
  fullName: 'Pat Purchaser',
  signatureImageAsBase64: png,
  page: 1,
  area: { x: 0.55, y: 0.75, width: 0.35, height: 0.1 },
  consentVersion: ESIGN_CONSENT_VERSION,
  ...over,
});

const returnDoc = (id: number, payload: object, who = asOwner) =>
  who({ method: 'POST', url: `/api/documents/${id}/return`, payload });

const responseStatus = (dto: DocumentDto) =>
  dto.metadata.find((m) => m.metadata.key === 'docDOResponseStatus')?.value ?? null;

async function consent(who = asOwner) {
  const res = await who({
    method: 'POST',
    url: '/api/esign/consent',
    payload: { version: ESIGN_CONSENT_VERSION },
    headers: { 'user-agent': 'SigningTest/1.0' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('stored signature', () => {
  it("reads and writes only the caller's own; another user's id is 404", async () => {
    const me = w.purchaserUser.id;
    const url = (id: number) => `/api/usersignatureimage/getSignatureData/${id}`;
    expect((await asOwner({ method: 'GET', url: url(me) })).statusCode).toBe(404);

    const saved = await asOwner({
      method: 'POST',
      url: '/api/usersignatureimage',
      payload: { signatureImageAsBase64: png, fullName: 'Pat Purchaser' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<UserSignature>()).toMatchObject({ userId: me, fullName: 'Pat Purchaser' });

    const updated = await asOwner({
      method: 'PUT',
      url: '/api/usersignatureimage',
      payload: { userId: me, signatureImageAsBase64: png, fullName: 'Patricia Purchaser' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const read = await asOwner({ method: 'GET', url: url(me) });
    expect(read.json<UserSignature>()).toMatchObject({
      fullName: 'Patricia Purchaser',
      signatureImageAsBase64: png,
    });

    // Another user: reading theirs (which exists) or writing with their id looks like 'none'.
    expect((await asOperator({ method: 'GET', url: url(me) })).statusCode).toBe(404);
    const foreign = await asOperator({
      method: 'PUT',
      url: '/api/usersignatureimage',
      payload: { userId: me, signatureImageAsBase64: png, fullName: 'Mallory' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await asOwner({ method: 'GET', url: url(me) })).json<UserSignature>().fullName).toBe(
      'Patricia Purchaser',
    );
  });

  it('refuses a non-PNG image and a missing or too long name with 400', async () => {
    const put = (payload: object) =>
      asOwner({ method: 'PUT', url: '/api/usersignatureimage', payload });
    const notPng = Buffer.from('GIF89a not really an image').toString('base64');
    const truncated = Buffer.from(png, 'base64').subarray(0, 40).toString('base64');
    for (const payload of [
      { signatureImageAsBase64: notPng, fullName: 'Pat' },
      { signatureImageAsBase64: truncated, fullName: 'Pat' },
      { signatureImageAsBase64: 'not base64!', fullName: 'Pat' },
      { signatureImageAsBase64: png, fullName: ' ' },
      { signatureImageAsBase64: png, fullName: 'x'.repeat(SIGNATURE_FULL_NAME_MAX + 1) },
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe('consent', () => {
  it('answers the current text and version; records the consent with IP and browser', async () => {
    const first = await asOperator({ method: 'GET', url: '/api/esign/consent' });
    expect(first.json<EsignConsent>()).toMatchObject({
      version: ESIGN_CONSENT_VERSION,
      consentedAt: null,
    });
    expect(first.json<EsignConsent>().text).toMatch(/paper copy/i);
    expect(first.json<EsignConsent>().text).toMatch(/withdraw/i);

    const stale = await asOperator({
      method: 'POST',
      url: '/api/esign/consent',
      payload: { version: '1999-01' },
    });
    expect(stale.statusCode).toBe(409);

    await consent(asOperator);
    const after = await asOperator({ method: 'GET', url: '/api/esign/consent' });
    expect(after.json<EsignConsent>().consentedAt).not.toBeNull();
    const [row] = await t.db
      .select()
      .from(esignConsents)
      .where(eq(esignConsents.userId, w.user.id));
    expect(row).toMatchObject({ version: ESIGN_CONSENT_VERSION, userAgent: 'SigningTest/1.0' });
    expect(row?.ip).toBeTruthy();
  });
});

describe('return signed', () => {
  let oldId: number;
  let signed: DocumentDto;

  it('needs consent to the current version first (409 consentRequired)', async () => {
    oldId = await sentDivisionOrder(2);
    const res = await returnDoc(oldId, signedBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('consentRequired');
    await consent();
    const stale = await returnDoc(oldId, signedBody({ consentVersion: 'old' }));
    expect(stale.json().error.code).toBe('consentRequired');
  });

  it('refuses ReadOnly, Global, the sender (403) and another company (404)', async () => {
    expect((await returnDoc(oldId, signedBody(), asOwnerReadOnly)).statusCode).toBe(403);
    expect((await returnDoc(oldId, signedBody(), asOwnerGlobal)).statusCode).toBe(403);
    expect((await returnDoc(oldId, { signed: false }, asOwnerGlobal)).statusCode).toBe(403);
    expect((await returnDoc(oldId, signedBody(), asOperator)).statusCode).toBe(403);
    expect((await returnDoc(oldId, signedBody(), asStranger)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    for (const body of [
      signedBody({ signatureImageAsBase64: Buffer.from('nope').toString('base64') }),
      signedBody({ area: { x: 1.5, y: 0.1, width: 0.2, height: 0.1 } }),
      signedBody({ area: { x: 0.1, y: 0.1, width: 0, height: 0.1 } }),
      signedBody({ fullName: 'x'.repeat(SIGNATURE_FULL_NAME_MAX + 1) }),
      signedBody({ fullName: '' }),
      signedBody({ page: 3 }),
      signedBody({ page: 0 }),
      { signed: 'yes' },
    ]) {
      const res = await returnDoc(oldId, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await routeOf(t.db, oldId, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
    const rows = await t.db.select().from(signingEvidence);
    expect(rows).toHaveLength(0);
  });

  it('signs: a new version, Returned and Returned Signed on both sides, the operator told', async () => {
    const res = await returnDoc(oldId, signedBody({ page: 2 }), (opts) =>
      asOwner({ ...opts, headers: { 'user-agent': 'SigningTest/2.0' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    signed = res.json<DocumentDto>();
    expect(signed.id).not.toBe(oldId);
    expect(signed.previousVersionId).toBe(oldId);
    expect(signed.routeStatusId).toBe(RouteStatus.Returned);
    expect(responseStatus(signed)).toBe('Returned Signed');
    expect(signed.documentSignatures).toEqual([
      {
        imageAsBase64: png,
        userId: w.purchaserUser.id,
        page: 2,
        area: '{"height":0.1,"width":0.35,"x":0.55,"y":0.75}',
      },
    ]);
    expect(signed.isReadOnly).toBe(true);

    // The operator opens the same new version: Returned, Returned Signed, unread news.
    const seen = await asOperator({ method: 'GET', url: `/api/documents/${signed.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<DocumentDto>().routeStatusId).toBe(RouteStatus.Returned);
    expect(responseStatus(seen.json<DocumentDto>())).toBe('Returned Signed');
    expect(seen.json<DocumentDto>().documentSignatures).toHaveLength(1);
    // The old version left both lists (the new one took its place).
    expect(await routeOf(t.db, oldId, w.vendor.id)).toBeNull();
    expect(await routeOf(t.db, oldId, w.purchaser.id)).toBeNull();
    // A link to the old id (a notification) finds the signed version for both, nobody else.
    for (const who of [asOwner, asOperator]) {
      const available = await who({ method: 'GET', url: `/api/documents/${oldId}/available` });
      expect(available.json()).toEqual({ available: false, latestVersionId: signed.id });
    }
    const stranger = caller(t, w.strangerUser, w.stranger);
    const theirs = await stranger({ method: 'GET', url: `/api/documents/${oldId}/available` });
    expect(theirs.json()).toEqual({ available: false, latestVersionId: null });

    const history = await historyOf(t.db, signed.id);
    expect(history.map((h) => h.operationId)).toContain(HistoryOperation.ReturnSigned);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.companyId, w.vendor.id),
          eq(notifications.actionData, String(signed.id)),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.title).toMatch(/returned signed/i);
    const mails = (await t.db.select().from(devMailbox)).filter((m) =>
      JSON.stringify(m).includes('returned signed'),
    );
    expect(mails.length).toBeGreaterThan(0);

    // Returning again is refused by the state (409).
    expect((await returnDoc(signed.id, { signed: false })).statusCode).toBe(409);
  });

  it('both companies download the signed PDF; it carries a valid digital signature', async () => {
    const [row] = await t.db.select().from(documents).where(eq(documents.id, signed.id));
    for (const who of [asOperator, asOwner]) {
      const res = await who({ method: 'GET', url: `/api/download/${signed.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(sha256(res.rawPayload)).toBe(row?.fileSha256);
      expect(res.rawPayload.includes(Buffer.from('/adbe.pkcs7.detached'))).toBe(true);
    }
    if (!fs.existsSync('/usr/bin/pdfsig')) return;
    const res = await asOperator({ method: 'GET', url: `/api/download/${signed.id}` });
    const file = path.join(dataDir, 'signed.pdf');
    fs.writeFileSync(file, res.rawPayload);
    let out: string;
    try {
      out = execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
    } catch (error) {
      // pdfsig exits non-zero for an untrusted (self-signed) certificate; its output still says.
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    expect(out).toContain('Signature is Valid.');
    expect(out).toContain('Total document signed');
  });

  it('the evidence verifies; the certificate of completion is a separate PDF for both', async () => {
    const verify = await asOperator({
      method: 'GET',
      url: `/api/documents/${signed.id}/evidence/verify`,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const v = verify.json<EvidenceVerification>();
    expect(v).toMatchObject({ valid: true, entries: 2, brokenAt: null });
    const rows = await t.db.select().from(signingEvidence).orderBy(signingEvidence.seq);
    expect(rows.map((r) => r.event)).toEqual(['consent', 'sign']);
    expect(rows[1]).toMatchObject({
      userId: w.purchaserUser.id,
      companyId: w.purchaser.id,
      signerName: 'Pat Purchaser',
      userAgent: 'SigningTest/2.0',
      page: 2,
      consentVersion: ESIGN_CONSENT_VERSION,
      prevHash: rows[0]?.hash,
    });
    expect(rows[1]?.ip).toBeTruthy();
    expect(v.headHash).toBe(rows[1]?.hash);
    const [original] = await t.db.select().from(documents).where(eq(documents.id, oldId));
    expect(rows[1]?.sha256Before).toBe(original?.fileSha256);

    const [before] = await t.db.select().from(documents).where(eq(documents.id, signed.id));
    for (const who of [asOperator, asOwner]) {
      const cert = await who({ method: 'GET', url: `/api/documents/${signed.id}/certificate` });
      expect(cert.statusCode, cert.body.slice(0, 200)).toBe(200);
      expect(cert.headers['content-type']).toBe('application/pdf');
      expect(cert.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    if (fs.existsSync('/usr/bin/pdftotext')) {
      const cert = await asOperator({
        method: 'GET',
        url: `/api/documents/${signed.id}/certificate`,
      });
      const file = path.join(dataDir, 'certificate.pdf');
      fs.writeFileSync(file, cert.rawPayload);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Certificate of completion');
      expect(text).toContain('Vendor Co');
      expect(text).toContain('Purchaser Co');
      expect(text).toContain(`Chain head hash: ${v.headHash}`);
      expect(text).toContain(`Consent version: ${ESIGN_CONSENT_VERSION}`);
      expect(text).toContain(rows[1]!.sha256After!);
      expect(text).toContain('Verification: valid');
    }
    const [after] = await t.db.select().from(documents).where(eq(documents.id, signed.id));
    expect(after?.fileSha256).toBe(before?.fileSha256);
    expect(after?.fileKey).toBe(before?.fileKey);
    expect(
      (await asStranger({ method: 'GET', url: `/api/documents/${signed.id}/certificate` }))
        .statusCode,
    ).toBe(404);
  });

  it('the evidence is append-only, and a direct edit breaks verification', async () => {
    const [first] = await t.db.select().from(signingEvidence).orderBy(signingEvidence.seq);
    await expect(
      t.db.execute(sql`UPDATE signing_evidence SET ip = '198.51.100.7' WHERE id = ${first!.id}`),
    ).rejects.toThrow();
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`ALTER TABLE signing_evidence DISABLE TRIGGER signing_evidence_no_update_or_delete`,
      );
      await tx.execute(
        sql`UPDATE signing_evidence SET ip = '198.51.100.7' WHERE id = ${first!.id}`,
      );
      await tx.execute(
        sql`ALTER TABLE signing_evidence ENABLE TRIGGER signing_evidence_no_update_or_delete`,
      );
    });
    const res = await asOwner({
      method: 'GET',
      url: `/api/documents/${signed.id}/evidence/verify`,
    });
    expect(res.json<EvidenceVerification>()).toMatchObject({
      valid: false,
      brokenAt: { entryId: first!.id },
    });
  });

  it('a changed stored file breaks verification', async () => {
    const id = await sentDivisionOrder();
    const res = await returnDoc(id, signedBody());
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json<DocumentDto>();
    const verify = () =>
      asOwner({ method: 'GET', url: `/api/documents/${dto.id}/evidence/verify` });
    expect((await verify()).json<EvidenceVerification>().valid).toBe(true);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, dto.id));
    await blobStore.put(row!.fileKey, Readable.from([Buffer.from('%PDF-1.4 forged')]));
    expect((await verify()).json<EvidenceVerification>()).toMatchObject({
      valid: false,
      brokenAt: { reason: 'The stored file was changed after it was signed.' },
    });
  });
});

describe('return signed: an image document', () => {
  it('is converted to PDF and signed; the new version is a PDF', async () => {
    await consent();
    const id = await sentDivisionOrder();
    const scan = await sharp({
      create: { width: 850, height: 1100, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    const stored = await blobStore.putByContent('documents', Readable.from([scan]));
    await t.db
      .update(documents)
      .set({
        fileKey: stored.key,
        fileSha256: stored.sha256,
        fileSize: stored.size,
        contentType: 'image/png',
        fileName: 'DO-scan.png',
      })
      .where(eq(documents.id, id));
    const res = await returnDoc(id, signedBody());
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json<DocumentDto>();
    expect(dto).toMatchObject({ contentType: 'application/pdf', fileName: 'DO-scan.pdf' });
    const file = await asOperator({ method: 'GET', url: `/api/download/${dto.id}` });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [entry] = await t.db
      .select()
      .from(signingEvidence)
      .where(and(eq(signingEvidence.documentId, dto.id), eq(signingEvidence.event, 'sign')));
    expect(entry?.sha256Before).toBe(stored.sha256);
  });
});

describe('return unsigned', () => {
  it('Returned Unsigned and Returned on both sides, history and evidence; no consent needed', async () => {
    const id = await sentDivisionOrder();
    const res = await returnDoc(id, { signed: false }, caller(t, w.purchaserQuiet, w.purchaser));
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json<DocumentDto>();
    expect(dto.id).toBe(id);
    expect(dto.routeStatusId).toBe(RouteStatus.Returned);
    expect(responseStatus(dto)).toBe('Returned Unsigned');
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Returned);
    const seen = await asOperator({ method: 'GET', url: `/api/documents/${id}` });
    expect(responseStatus(seen.json<DocumentDto>())).toBe('Returned Unsigned');
    const history = await historyOf(t.db, id);
    expect(history.map((h) => h.operationId)).toContain(HistoryOperation.ReturnUnsigned);
    const verify = await asOperator({ method: 'GET', url: `/api/documents/${id}/evidence/verify` });
    expect(verify.json<EvidenceVerification>()).toMatchObject({ valid: true, entries: 1 });
    expect((await returnDoc(id, { signed: false })).statusCode).toBe(409);
  });

  it('a document that is not a pending division order cannot be returned (409)', async () => {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      receiver: w.purchaser,
      documentTypeId: DocumentTypeId.DivisionOrder,
    });
    expect((await returnDoc(doc.id, { signed: false })).statusCode).toBe(409);
  });
});
