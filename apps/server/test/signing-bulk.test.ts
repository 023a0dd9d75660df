// Issue 31 item 2: the owner signs many pending division orders at once — one signature, one
// consent; each signed as if alone (own signed version, evidence chain, certificate), each in its
// own transaction; one that is no longer pending is refused with its reason, the others go through.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_RETURN_MAX,
  DocumentTypeId,
  RouteStatus,
  bulkSigningMessages,
  type BulkReturnResult,
  type DocumentDto,
  type EvidenceVerification,
} from '@flowline/shared';
import {
  devMailbox,
  divisionOrderResponses,
  documents,
  signingEvidence,
} from '../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import type { TestApp } from './helpers/app';
import {
  buildDocument,
  completeDivisionOrderMetadata,
  routeOf,
} from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobStore: BlobStore;
let asOperator: ReturnType<typeof caller>;
let asOwner: ReturnType<typeof caller>;
let asOwnerReadOnly: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;
let png: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-bulk-signing-'));
  ({ t, w, asUser: asOperator } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  asOwner = caller(t, w.purchaserUser, w.purchaser);
  asOwnerReadOnly = caller(t, w.purchaserReadOnly, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  png = (
    await sharp({
      create: {
        width: 300,
        height: 100,
        channels: 4,
        background: { r: 10, g: 30, b: 160, alpha: 1 },
      },
    })
      .png()
      .toBuffer()
  ).toString('base64');
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sentDivisionOrder(n: number) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    file: await pdfWithPages(1 + (n % 2), `Division order ${n}`),
    fileName: `DO-${n}.pdf`,
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
  return doc.id;
}

const body = (ids: number[], over: Record<string, unknown> = {}) => ({
  ids,
  signed: true,
  fullName: 'Pat Purchaser',
  signatureImageAsBase64: png,
  consentVersion: ESIGN_CONSENT_VERSION,
  ...over,
});
const bulk = (payload: object, who = asOwner) =>
  who({ method: 'POST', url: '/api/documents/return/bulk', payload });

function pdfsig(bytes: Buffer, name: string) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  } catch (error) {
    // pdfsig exits non-zero for an untrusted (self-signed) certificate; its output still says.
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

describe('POST /documents/return/bulk', () => {
  let ids: number[];
  let cancelled: number;

  beforeAll(async () => {
    ids = [];
    for (let n = 1; n <= 10; n++) ids.push(await sentDivisionOrder(n));
    cancelled = ids[3]!;
  }, 120_000);

  it('refuses before any work: no consent (409), a ReadOnly role (403), bad input (400)', async () => {
    const noConsent = await bulk(body(ids));
    expect(noConsent.statusCode, noConsent.body).toBe(409);
    expect(noConsent.json().error.code).toBe('consentRequired');

    expect((await bulk(body(ids), asOwnerReadOnly)).statusCode).toBe(403);

    const twice = await bulk(body([ids[0]!, ids[0]!]));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain(bulkSigningMessages.duplicate);
    const many = Array.from({ length: BULK_RETURN_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await bulk(body(many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain(bulkSigningMessages.tooMany);
    expect((await bulk(body([]))).statusCode).toBe(400);
    expect((await bulk(body(ids, { fullName: ' ' }))).statusCode).toBe(400);

    // Nothing was signed meanwhile.
    const rows = await t.db.select().from(signingEvidence);
    expect(rows).toEqual([]);
    for (const id of ids) {
      expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
    }
  });

  it('10 orders, one cancelled meanwhile: 9 signed as if alone, one refused with its reason', async () => {
    const agreed = await asOwner({
      method: 'POST',
      url: '/api/esign/consent',
      payload: { version: ESIGN_CONSENT_VERSION },
    });
    expect(agreed.statusCode).toBe(200);
    // The operator withdraws one after the owner's list showed it.
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, cancelled));

    const started = Date.now();
    const res = await bulk(body(ids));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkReturnResult>();
    expect(result).toMatchObject({ returned: 9, refused: 1 });
    expect(result.results.map((r) => r.id)).toEqual(ids);
    const refused = result.results.find((r) => !r.ok)!;
    expect(refused).toMatchObject({ id: cancelled, documentId: null, error: { status: 404 } });
    expect(refused.error?.message).toBeTruthy();
    console.info(`bulk-signed 10 (9 + 1 refused) in ${Date.now() - started} ms`);

    for (const item of result.results.filter((r) => r.ok)) {
      const signedId = item.documentId!;
      expect(signedId).not.toBe(item.id);
      // Own signed version, Returned on both sides, 'Returned Signed'.
      for (const who of [asOwner, asOperator]) {
        const doc = await who({ method: 'GET', url: `/api/documents/${signedId}` });
        expect(doc.statusCode, doc.body).toBe(200);
        const dto = doc.json<DocumentDto>();
        expect(dto.previousVersionId).toBe(item.id);
        expect(dto.metadata.find((m) => m.metadata.key === 'docDOResponseStatus')?.value).toBe(
          'Returned Signed',
        );
      }
      expect((await routeOf(t.db, signedId, w.purchaser.id))?.routeStatusId).toBe(
        RouteStatus.Returned,
      );
      // Own evidence chain (consent + sign), valid; own certificate.
      const verify = await asOperator({
        method: 'GET',
        url: `/api/documents/${signedId}/evidence/verify`,
      });
      expect(verify.json<EvidenceVerification>()).toMatchObject({
        valid: true,
        entries: 2,
        brokenAt: null,
      });
      const certificate = await asOperator({
        method: 'GET',
        url: `/api/documents/${signedId}/certificate`,
      });
      expect(certificate.statusCode).toBe(200);
      expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The signed PDF verifies.
      const file = await asOperator({ method: 'GET', url: `/api/download/${signedId}` });
      expect(file.statusCode).toBe(200);
      if (fs.existsSync('/usr/bin/pdfsig')) {
        const out = pdfsig(file.rawPayload, `signed-${signedId}.pdf`);
        expect(out, `document ${signedId}`).toContain('Signature is Valid.');
        expect(out).toContain('Total document signed');
      }
    }
    // The signature sits on each document's last page.
    const evidence = await t.db
      .select()
      .from(signingEvidence)
      .where(
        inArray(
          signingEvidence.documentId,
          result.results.map((r) => r.documentId ?? 0),
        ),
      );
    const signs = evidence.filter((e) => e.event === 'sign');
    expect(signs).toHaveLength(9);
    for (const e of signs) {
      const [row] = await t.db.select().from(documents).where(eq(documents.id, e.documentId));
      expect(e.page).toBe(row?.pageCount);
    }
    // The cancelled one was not touched.
    const [withdrawn] = await t.db.select().from(documents).where(eq(documents.id, cancelled));
    expect(withdrawn?.fileSha256).toBeTruthy();
    expect(evidence.some((e) => e.documentId === cancelled)).toBe(false);
  }, 120_000);

  it('a second run answers each already-returned order 409, signs nothing', async () => {
    const res = await bulk(body(ids.filter((id) => id !== cancelled)));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkReturnResult>();
    expect(result).toMatchObject({ returned: 0, refused: 9 });
    // The old ids are now the unsigned originals (reachable read-only): refused, not signed again.
    for (const r of result.results) expect([404, 409]).toContain(r.error?.status);
  });

  it("another company's ids: each refused 404, none of its data", async () => {
    const other = await sentDivisionOrder(11);
    await asStranger({
      method: 'POST',
      url: '/api/esign/consent',
      payload: { version: ESIGN_CONSENT_VERSION },
    });
    const res = await bulk(body([other]), asStranger);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkReturnResult>()).toMatchObject({
      returned: 0,
      refused: 1,
      results: [{ id: other, ok: false, error: { status: 404 } }],
    });
    expect(res.body).not.toContain('DO-11');
    expect((await routeOf(t.db, other, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
  });
});

describe('POST /documents/return/bulk — decline selected with one reason (issue 31 item 3)', () => {
  const decline = (ids: number[], over: Record<string, unknown> = {}) => ({
    ids,
    signed: false,
    declineReason: 'interestWrong',
    reason: 'Our interest is 0.125',
    ...over,
  });

  it('declines each as if alone with the reason; one no longer pending is refused, the others go through', async () => {
    const ids = [
      await sentDivisionOrder(21),
      await sentDivisionOrder(22),
      await sentDivisionOrder(23),
    ];
    await t.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, ids[1]!));
    const before = (await t.db.select({ id: devMailbox.id }).from(devMailbox)).length;
    // No consent is needed: nothing is signed.
    const res = await bulk(decline(ids));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkReturnResult>();
    expect(result).toMatchObject({ returned: 2, refused: 1 });
    expect(result.results.map((r) => [r.id, r.ok, r.error?.status ?? null])).toEqual([
      [ids[0], true, null],
      [ids[1], false, 404],
      [ids[2], true, null],
    ]);
    for (const id of [ids[0]!, ids[2]!]) {
      expect(result.results.find((r) => r.id === id)?.documentId).toBe(id);
      const reason = await asOperator({
        method: 'GET',
        url: `/api/history/document/${id}/returnReason`,
      });
      expect(reason.json()).toEqual({
        reason: 'Interest is wrong: Our interest is 0.125',
        declineReason: 'interestWrong',
      });
      expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Returned);
    }
    const rows = await t.db
      .select()
      .from(divisionOrderResponses)
      .where(inArray(divisionOrderResponses.documentId, ids));
    expect(rows.map((r) => r.documentId).sort()).toEqual([ids[0], ids[2]].sort());
    // One mail per declined order reaches the operator, with the reason.
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).slice(before);
    const toOperator = mails.filter((m) => m.to.includes(w.user.emailAddress));
    expect(toOperator).toHaveLength(2);
    for (const m of toOperator) expect(m.text).toContain('Reason: Interest is wrong');
    // Again: each refused 409, nothing written twice.
    const again = await bulk(decline([ids[0]!]));
    expect(again.json<BulkReturnResult>()).toMatchObject({
      returned: 0,
      results: [{ error: { status: 409 } }],
    });
  }, 120_000);

  it('refuses ReadOnly (403), bad input (400) writing nothing; another company gets 404 for each', async () => {
    const id = await sentDivisionOrder(24);
    expect((await bulk(decline([id]), asOwnerReadOnly)).statusCode).toBe(403);
    for (const bad of [
      decline([id], { declineReason: undefined }),
      decline([id], { declineReason: 'meh' }),
      decline([id], { declineReason: 'other', reason: ' ' }),
      decline([id], { reason: 'x'.repeat(2001) }),
      decline([]),
      decline([id, id]),
    ]) {
      const res = await bulk(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 200)).toBe(400);
    }
    const stranger = await bulk(decline([id]), asStranger);
    expect(stranger.json<BulkReturnResult>()).toMatchObject({
      returned: 0,
      results: [{ id, ok: false, error: { status: 404 } }],
    });
    expect((await routeOf(t.db, id, w.purchaser.id))?.routeStatusId).toBe(RouteStatus.New);
    expect(
      await t.db
        .select()
        .from(divisionOrderResponses)
        .where(eq(divisionOrderResponses.documentId, id)),
    ).toEqual([]);
  });
});
