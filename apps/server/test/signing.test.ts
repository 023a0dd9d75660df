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
  type HistoryEntry,
  type UserSignature,
} from '@flowline/shared';
import {
  devMailbox,
  divisionOrderResponses,
  documents,
  esignConsents,
  notifications,
  signingEvidence,
} from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import type { TestApp } from './helpers/app';
import { executeAsOwner } from './helpers/database';
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
    expect(
      (await returnDoc(oldId, { signed: false, declineReason: 'notMyProperty' }, asOwnerGlobal))
        .statusCode,
    ).toBe(403);
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
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).filter((m) =>
      JSON.stringify(m).includes('returned signed'),
    );
    expect(mails.length).toBeGreaterThan(0);

    // Returning again is refused by the state (409).
    expect(
      (await returnDoc(signed.id, { signed: false, declineReason: 'notMyProperty' })).statusCode,
    ).toBe(409);
  });

  it('lists the unsigned original as Version 1 beside the signed Version 2; both companies open it read-only', async () => {
    for (const who of [asOwner, asOperator]) {
      for (const from of [signed.id, oldId]) {
        const list = await who({ method: 'GET', url: `/api/documents/${from}/versions` });
        expect(list.statusCode, list.body).toBe(200);
        expect(
          list.json<{ id: number; versionNumber: number; latestVersionDocId: number }[]>(),
        ).toEqual([
          expect.objectContaining({
            id: signed.id,
            versionNumber: 2,
            latestVersionDocId: signed.id,
          }),
          expect.objectContaining({ id: oldId, versionNumber: 1, latestVersionDocId: signed.id }),
        ]);
      }
      const original = await who({
        method: 'GET',
        url: `/api/documents/${oldId}?setDocAsViewed=true`,
      });
      expect(original.statusCode, original.body).toBe(200);
      const dto = original.json<DocumentDto>();
      expect(dto).toMatchObject({ id: oldId, isReadOnly: true, documentSignatures: [] });
      expect(dto.availableActions.returnSign).toBe(false);
      expect(dto.availableActions.edit).toBe(false);
      const file = await who({ method: 'GET', url: `/api/documents/${oldId}/file/1` });
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(
        (await t.db.select().from(documents).where(eq(documents.id, oldId)))[0]!.fileSha256,
      );
      expect((await who({ method: 'GET', url: `/api/history/document/${oldId}` })).statusCode).toBe(
        200,
      );
      // Still no move on it: it is read through the signed version's Returned state.
      expect(
        (await returnDoc(oldId, { signed: false, declineReason: 'notMyProperty' }, who)).statusCode,
      ).toBe(404);
    }
    // It is still out of both lists, and another company reads nothing of it.
    expect(await routeOf(t.db, oldId, w.purchaser.id)).toBeNull();
    for (const url of [
      `/api/documents/${oldId}`,
      `/api/documents/${oldId}/versions`,
      `/api/documents/${oldId}/file/1`,
      `/api/history/document/${oldId}`,
    ]) {
      expect((await asStranger({ method: 'GET', url })).statusCode, url).toBe(404);
    }
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
    // Schema changes are the owner's (the suite's app connects as a runtime role).
    await executeAsOwner(
      t.database,
      `BEGIN;
       ALTER TABLE signing_evidence DISABLE TRIGGER signing_evidence_no_update_or_delete;
       UPDATE signing_evidence SET ip = '198.51.100.7' WHERE id = ${first!.id};
       ALTER TABLE signing_evidence ENABLE TRIGGER signing_evidence_no_update_or_delete;
       COMMIT;`,
    );
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

describe('decline (return unsigned) with a reason', () => {
  const decline = { signed: false, declineReason: 'notMyProperty' };

  it('Returned Unsigned and Returned on both sides, history and evidence; no consent needed', async () => {
    const id = await sentDivisionOrder();
    const res = await returnDoc(id, decline, caller(t, w.purchaserQuiet, w.purchaser));
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
    expect((await returnDoc(id, decline)).statusCode).toBe(409);
  });

  it('with a reason: the operator reads it in the history, as the Return Reason and in its mail', async () => {
    const id = await sentDivisionOrder();
    const before = (await t.db.select({ id: devMailbox.id }).from(devMailbox)).length;
    const res = await returnDoc(id, {
      signed: false,
      declineReason: 'interestWrong',
      reason: '  Our interest is 0.125, not 0.0125.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(responseStatus(res.json<DocumentDto>())).toBe('Returned Unsigned');
    const text = 'Interest is wrong: Our interest is 0.125, not 0.0125.';
    for (const who of [asOperator, asOwner]) {
      const reason = await who({ method: 'GET', url: `/api/history/document/${id}/returnReason` });
      expect(reason.json()).toEqual({ reason: text, declineReason: 'interestWrong' });
      const list = (await who({ method: 'GET', url: `/api/history/document/${id}` })).json<
        HistoryEntry[]
      >();
      expect(list.find((h) => h.operation.id === HistoryOperation.ReturnUnsigned)).toMatchObject({
        operation: { label: 'Returned Unsigned' },
        newValue: 'Returned Unsigned',
        summary: `Reason: ${text}`,
        hasHistoryDetails: true,
      });
    }
    const [row] = await t.db
      .select()
      .from(divisionOrderResponses)
      .where(eq(divisionOrderResponses.documentId, id));
    expect(row).toMatchObject({
      declineReason: 'interestWrong',
      declineText: 'Our interest is 0.125, not 0.0125.',
      operatorCompanyId: w.vendor.id,
      ownerCompanyId: w.purchaser.id,
    });
    // Another company reads nothing of it.
    expect(
      (await asStranger({ method: 'GET', url: `/api/history/document/${id}/returnReason` }))
        .statusCode,
    ).toBe(404);
    // In insertion order (a SELECT without ORDER BY has none on the PostgreSQL server).
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).slice(before);
    const toOperator = mails.find((m) => m.to.includes(w.user.emailAddress));
    expect(toOperator?.text).toContain(`Reason: ${text}`);
  });

  it("a reason from the list alone is its label; Other needs the owner's words", async () => {
    const id = await sentDivisionOrder();
    const other = await returnDoc(id, { signed: false, declineReason: 'other', reason: '   ' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toContain('Describe the reason');
    const res = await returnDoc(id, {
      signed: false,
      declineReason: 'nameAddressWrong',
      reason: ' ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reason = await asOperator({
      method: 'GET',
      url: `/api/history/document/${id}/returnReason`,
    });
    expect(reason.json()).toEqual({
      reason: 'Name/address is wrong',
      declineReason: 'nameAddressWrong',
    });
    const id2 = await sentDivisionOrder();
    const res2 = await returnDoc(id2, { signed: false, declineReason: 'other', reason: 'Sold it' });
    expect(res2.statusCode, res2.body).toBe(200);
    const reason2 = await asOperator({
      method: 'GET',
      url: `/api/history/document/${id2}/returnReason`,
    });
    expect(reason2.json()).toEqual({ reason: 'Other: Sold it', declineReason: 'other' });
  });

  it('refuses ReadOnly and Global (403), the sender (403), another company (404), a returned one (409), bad input (400)', async () => {
    const id = await sentDivisionOrder();
    const body = { signed: false, declineReason: 'other', reason: 'Not ours' };
    expect((await returnDoc(id, body, asOwnerReadOnly)).statusCode).toBe(403);
    expect((await returnDoc(id, body, asOwnerGlobal)).statusCode).toBe(403);
    expect((await returnDoc(id, body, asOperator)).statusCode).toBe(403);
    expect((await returnDoc(id, body, asStranger)).statusCode).toBe(404);
    const long = await returnDoc(id, { ...body, reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('The details can be at most 2000 characters');
    for (const bad of [
      { signed: false },
      { signed: false, reason: 'no code' },
      { signed: false, declineReason: 'bored' },
      { signed: false, declineReason: 42 },
      { signed: false, declineReason: 'other' },
    ]) {
      const res = await returnDoc(id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Nothing was written by the refusals.
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
    expect(
      (await historyOf(t.db, id)).some((h) => h.operationId === HistoryOperation.ReturnUnsigned),
    ).toBe(false);
    expect(
      await t.db
        .select()
        .from(divisionOrderResponses)
        .where(eq(divisionOrderResponses.documentId, id)),
    ).toEqual([]);
    expect((await returnDoc(id, body)).statusCode).toBe(200);
    const again = await returnDoc(id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('action_not_allowed');
  });

  it('a document that is not a pending division order cannot be returned (409)', async () => {
    const doc = await buildDocument(t.db, {
      owner: w.vendor,
      receiver: w.purchaser,
      documentTypeId: DocumentTypeId.DivisionOrder,
    });
    expect(
      (await returnDoc(doc.id, { signed: false, declineReason: 'notMyProperty' })).statusCode,
    ).toBe(409);
  });
});
