// Issue 31 item 1: a pending division order's signature field — found from its words when it is
// sent (and for the demo orders), or drawn by the operator — read by both companies and used
// when the owner signs in bulk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_SIGNATURE_AREA,
  DocumentTypeId,
  RouteStatus,
  signatureFieldMessages,
  type BulkReturnResult,
  type SignatureFieldAnswer,
} from '@flowline/shared';
import {
  companies,
  documentRoutes,
  documentSignatures,
  documents,
  signatureFields,
  users,
} from '../src/db/schema/index';
import { seedDemoData } from '../src/demo/demo';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { openPdf, pdfTextWords } from '../src/modules/document-intelligence/reading/pdf';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import { readBlobWithin } from '../src/platform/blob-store/read-limited';
import type { TestApp } from './helpers/app';
import { buildDocument, completeDivisionOrderMetadata } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobStore: BlobStore;
let asOperator: ReturnType<typeof caller>;
let asOperatorReadOnly: ReturnType<typeof caller>;
let asOwner: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-signature-fields-'));
  ({ t, w, asUser: asOperator } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  asOperatorReadOnly = caller(t, w.readOnly, w.vendor);
  asOwner = caller(t, w.purchaserUser, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A one-page letter whose last lines are `lines` (PDF points from the bottom). */
async function letter(lines: Array<[text: string, x: number, y: number]>): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('DIVISION ORDER', { x: 50, y: 740, size: 16, font });
  page.drawText('The undersigned certifies ownership of the decimal interest shown.', {
    x: 50,
    y: 400,
    size: 10,
    font,
  });
  for (const [text, x, y] of lines) page.drawText(text, { x, y, size: 10, font });
  return Buffer.from(await pdf.save());
}

async function divisionOrder(file: Buffer, opts: { send?: boolean } = {}) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    file,
    fileName: 'DO.pdf',
    blobStore,
    metadata: completeDivisionOrderMetadata,
    receivingPartyId: w.toPurchaser.id,
  });
  if (opts.send ?? true) {
    const res = await asOperator({
      method: 'PUT',
      url: `/api/documents/${doc.id}/publish`,
      payload: { metadata: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return doc.id;
}

const getField = (id: number, who = asOwner) =>
  who({ method: 'GET', url: `/api/documents/${id}/signatureField` });
const putField = (id: number, payload: object, who = asOperator) =>
  who({ method: 'PUT', url: `/api/documents/${id}/signatureField`, payload });

describe("the demo orders' 'Signature of owner' line", () => {
  it('gives each pending demo order a field just above its caption, found automatically', async () => {
    await seedDemoData(t.db, blobStore);
    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'admin@hawthorne.example'));
    const [hawthorne] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Hawthorne Royalty Trust'));
    const pending = await t.db
      .select({ id: documents.id, fileKey: documents.fileKey })
      .from(documentRoutes)
      .innerJoin(documents, eq(documents.id, documentRoutes.documentId))
      .where(
        and(
          eq(documentRoutes.companyId, hawthorne!.id),
          eq(documentRoutes.documentTypeId, DocumentTypeId.PendingDivisionOrder),
          eq(documentRoutes.routeStatusId, RouteStatus.New),
        ),
      );
    expect(pending.length).toBe(3);
    for (const doc of pending) {
      const res = await t.as(
        owner!,
        hawthorne!.id,
      )({
        method: 'GET',
        url: `/api/documents/${doc.id}/signatureField`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { field } = res.json<SignatureFieldAnswer>();
      expect(field).toMatchObject({ page: 1, source: 'automatic', label: 'Signature of owner' });
      // Stored when the order was seeded, as a send stores it.
      const [row] = await t.db
        .select()
        .from(signatureFields)
        .where(eq(signatureFields.documentId, doc.id));
      expect(row?.source).toBe('automatic');

      // Where the caption is on the page (the line itself is drawn, not a word).
      const bytes = await readBlobWithin(
        blobStore,
        doc.fileKey,
        10_000_000,
        () => new Error('big'),
      );
      const pdf = await openPdf(new Uint8Array(bytes));
      const page = await pdf.getPage(1);
      const caption = (await pdfTextWords(page)).find((word) => word.text === 'Signature')!;
      await pdf.destroy();
      const a = field!.area;
      const bottom = (a.y + a.height) * 792;
      expect(a.x * 612).toBeCloseTo(caption.x, 0);
      expect(bottom).toBeLessThanOrEqual(caption.y);
      expect(bottom).toBeGreaterThan(caption.y - 6);
      expect(a.height * 792).toBeGreaterThanOrEqual(30);
      // Up to the 'Date' line at x 340, not over it.
      expect((a.x + a.width) * 612).toBeGreaterThan(200);
      expect((a.x + a.width) * 612).toBeLessThan(340);
    }
  }, 120_000);
});

describe('GET /documents/{id}/signatureField', () => {
  it('is found and stored when an order is sent, and read by both companies', async () => {
    const id = await divisionOrder(
      await letter([
        ['Owner Signature: ______________________________', 50, 160],
        ['Date: __________', 400, 160],
      ]),
    );
    const [row] = await t.db
      .select()
      .from(signatureFields)
      .where(eq(signatureFields.documentId, id));
    expect(row).toMatchObject({ source: 'automatic', page: 1, label: 'Owner Signature' });
    for (const who of [asOwner, asOperator]) {
      const res = await getField(id, who);
      expect(res.statusCode, res.body).toBe(200);
      const { field } = res.json<SignatureFieldAnswer>();
      expect(field?.source).toBe('automatic');
      // On the underscores after the label: its bottom at the line's baseline.
      expect((field!.area.y + field!.area.height) * 792).toBeGreaterThan(792 - 165);
      expect(field!.area.x * 612).toBeGreaterThan(100);
    }
  });

  it('answers null when the words have no signature place (the owner drags as before)', async () => {
    const id = await divisionOrder(await pdfWithPages(1, 'No signature block here'));
    const res = await getField(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ field: null });
  });

  it("is a 404 for another company's document, like a missing one", async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    expect((await getField(id, asStranger)).statusCode).toBe(404);
    expect((await getField(999_999)).statusCode).toBe(404);
  });
});

describe('PUT /documents/{id}/signatureField', () => {
  const box = { page: 1, area: { x: 0.1, y: 0.8, width: 0.4, height: 0.08 } };

  it("stores the operator's box before the send, and the send keeps it", async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]), {
      send: false,
    });
    const res = await putField(id, box);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ field: { ...box, source: 'operator', label: null } });
    const send = await asOperator({
      method: 'PUT',
      url: `/api/documents/${id}/publish`,
      payload: { metadata: [] },
    });
    expect(send.statusCode, send.body).toBe(200);
    const seen = (await getField(id)).json<SignatureFieldAnswer>();
    expect(seen.field).toMatchObject({ source: 'operator', area: box.area });
  });

  it('replaces the found field while the order awaits the owner', async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    expect((await getField(id)).json<SignatureFieldAnswer>().field?.source).toBe('automatic');
    const moved = { page: 1, area: { x: 0.5, y: 0.5, width: 0.3, height: 0.1 } };
    expect((await putField(id, moved)).statusCode).toBe(200);
    expect((await getField(id)).json<SignatureFieldAnswer>().field).toMatchObject({
      source: 'operator',
      area: moved.area,
    });
  });

  it('refuses the owner, a ReadOnly member (403), another company (404), other types (409)', async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    const before = (await getField(id)).json();
    const owner = await putField(id, box, asOwner);
    expect(owner.statusCode, owner.body).toBe(403);
    expect(owner.json().error.message).toBe(signatureFieldMessages.senderOnly);
    expect((await putField(id, box, asOperatorReadOnly)).statusCode).toBe(403);
    expect((await putField(id, box, asStranger)).statusCode).toBe(404);
    expect((await getField(id)).json()).toEqual(before);

    const invoice = await buildDocument(t.db, { owner: w.vendor, user: w.user });
    const wrongType = await putField(invoice.id, box);
    expect(wrongType.statusCode, wrongType.body).toBe(409);
    expect(wrongType.json().error.message).toBe(signatureFieldMessages.notPendingDivisionOrder);
  });

  it('refuses once the owner has returned the order (409)', async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    const declined = await asOwner({
      method: 'POST',
      url: `/api/documents/${id}/return`,
      payload: { signed: false, declineReason: 'notMyProperty' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const res = await putField(id, box);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(signatureFieldMessages.alreadyReturned);
  });

  it('answers bad input with a 400 and a clear message, writing nothing', async () => {
    const id = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    const before = (await getField(id)).json();
    const cases: Array<[object, string]> = [
      [
        { page: 1, area: { x: 0.8, y: 0.5, width: 0.4, height: 0.1 } },
        signatureFieldMessages.outsidePage,
      ],
      [
        { page: 1, area: { x: -0.1, y: 0.5, width: 0.4, height: 0.1 } },
        signatureFieldMessages.outsidePage,
      ],
      [
        { page: 1, area: { x: 0.1, y: 0.5, width: 0, height: 0.1 } },
        signatureFieldMessages.outsidePage,
      ],
      [{ page: 0, area: box.area }, signatureFieldMessages.pageInvalid],
      [{ page: 1.5, area: box.area }, signatureFieldMessages.pageInvalid],
      [{ page: 2, area: box.area }, signatureFieldMessages.pageOutOfRange(1)],
      [{ area: box.area }, signatureFieldMessages.pageInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await putField(id, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await getField(id)).json()).toEqual(before);
  });
});

describe('signing in bulk', () => {
  it("signs in the order's field (else at the default place on the last page)", async () => {
    const withField = await divisionOrder(await letter([['Signature of owner', 50, 150]]));
    const without = await divisionOrder(await pdfWithPages(1, 'No signature block here'));
    const { field } = (await getField(withField)).json<SignatureFieldAnswer>();
    const consent = await asOwner({
      method: 'POST',
      url: '/api/esign/consent',
      payload: { version: ESIGN_CONSENT_VERSION },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const png = (
      await sharp({
        create: { width: 300, height: 100, channels: 4, background: '#1020a0' },
      })
        .png()
        .toBuffer()
    ).toString('base64');
    const res = await asOwner({
      method: 'POST',
      url: '/api/documents/return/bulk',
      payload: {
        ids: [withField, without],
        signed: true,
        fullName: 'Pat Purchaser',
        signatureImageAsBase64: png,
        consentVersion: ESIGN_CONSENT_VERSION,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<BulkReturnResult>().results;
    expect(results.every((r) => r.ok)).toBe(true);
    const areaOf = async (documentId: number) => {
      const [row] = await t.db
        .select()
        .from(documentSignatures)
        .where(eq(documentSignatures.documentId, documentId));
      return { page: row!.page, area: JSON.parse(row!.area) as unknown };
    };
    expect(await areaOf(results[0]!.documentId!)).toEqual({ page: 1, area: field!.area });
    expect(await areaOf(results[1]!.documentId!)).toEqual({ page: 1, area: BULK_SIGNATURE_AREA });
  }, 120_000);
});
