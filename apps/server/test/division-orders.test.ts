// Issue 31 item 4: the operator's analyst's view — Signed / Unsigned / Awaiting, the decline
// reason and days outstanding, filtered in SQL; Remind (one or many, at most once a day), the
// automatic reminders on a clock, the setting (Administrators), the CSV export.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTypeId,
  HistoryOperation,
  Role,
  divisionOrderMessages,
  type DivisionOrderPage,
  type RemindResult,
} from '@flowline/shared';
import {
  devMailbox,
  divisionOrderResponses,
  documentHistory,
  documents,
  notifications,
} from '../src/db/schema/index';
import { sendAutomaticReminders } from '../src/modules/division-orders/service';
import { ESIGN_CONSENT_VERSION } from '../src/modules/signing/consent-text';
import { createBlobStore, type BlobStore } from '../src/platform/blob-store/index';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer';
import type { TestApp } from './helpers/app';
import { buildDocument, completeDivisionOrderMetadata } from './helpers/document-factories';
import { pdfWithPages } from './helpers/document-files';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';
import { buildMember } from './helpers/factories';
import { unzip } from './helpers/zip';

let t: TestApp;
let w: DocumentWorld;
let dataDir: string;
let blobStore: BlobStore;
let asOperator: ReturnType<typeof caller>;
let asOperatorAdmin: ReturnType<typeof caller>;
let asOperatorReadOnly: ReturnType<typeof caller>;
let asOwner: ReturnType<typeof caller>;
let asStranger: ReturnType<typeof caller>;
const ids: { awaiting: number; old: number; declined: number; other: number } = {
  awaiting: 0,
  old: 0,
  declined: 0,
  other: 0,
};
const DAY = 86_400_000;

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

async function sentDivisionOrder(property: string) {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    documentTypeId: DocumentTypeId.PendingDivisionOrder,
    file: await pdfWithPages(1, `Division order ${property}`),
    fileName: `DO-${property}.pdf`,
    blobStore,
    metadata: { ...completeDivisionOrderMetadata, docPropertyName: property },
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

const list = async (query = '', who = asOperator) => {
  const res = await who({ method: 'GET', url: `/api/division-orders/responses${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DivisionOrderPage>();
};
const remind = (ids: number[], who = asOperator) =>
  who({ method: 'POST', url: '/api/division-orders/remind', payload: { ids } });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-do-analyst-'));
  ({ t, w, asUser: asOperator } = await openDocumentWorld({ DATA_DIR: dataDir }));
  blobStore = createBlobStore(t.config);
  const admin = await buildMember(t.db, w.vendor, [Role.Administrator]);
  asOperatorAdmin = caller(t, admin, w.vendor);
  asOperatorReadOnly = caller(t, w.readOnly, w.vendor);
  asOwner = caller(t, w.purchaserUser, w.purchaser);
  asStranger = caller(t, w.strangerUser, w.stranger);
  ids.awaiting = await sentDivisionOrder('Pecos Draw');
  ids.old = await sentDivisionOrder('Mesa Verde');
  ids.declined = await sentDivisionOrder('Caprock');
  ids.other = await sentDivisionOrder('Other Owner');
  // 'Mesa Verde' was sent ten days ago.
  await t.db
    .update(documents)
    .set({ publishedAt: new Date(Date.now() - 10 * DAY - 60_000) })
    .where(eq(documents.id, ids.old));
  const declined = await asOwner({
    method: 'POST',
    url: `/api/documents/${ids.declined}/return`,
    payload: { signed: false, declineReason: 'notMyProperty' },
  });
  expect(declined.statusCode, declined.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /division-orders/responses', () => {
  it('lists the sent orders with their response, decline reason and days outstanding', async () => {
    const page = await list();
    expect(page.totalRecords).toBe(4);
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    expect(byId.get(ids.awaiting)).toMatchObject({
      property: 'Pecos Draw',
      owner: 'Purchaser Co',
      response: 'awaiting',
      declineReason: null,
      daysOutstanding: 0,
      reminderCount: 0,
    });
    expect(byId.get(ids.old)).toMatchObject({ response: 'awaiting', daysOutstanding: 10 });
    expect(byId.get(ids.declined)).toMatchObject({
      response: 'unsigned',
      declineReason: 'notMyProperty',
      daysOutstanding: null,
    });
    // Newest first.
    expect(page.rows.map((r) => r.id)).toEqual(
      [...page.rows.map((r) => r.id)].sort((a, b) => b - a),
    );
  });

  it('filters in SQL: response, decline reason, days outstanding, text; pages', async () => {
    const ofIds = (p: DivisionOrderPage) => p.rows.map((r) => r.id).sort();
    expect(ofIds(await list('?response=awaiting'))).toEqual(
      [ids.awaiting, ids.old, ids.other].sort(),
    );
    expect(ofIds(await list('?response=unsigned'))).toEqual([ids.declined]);
    expect((await list('?response=signed')).totalRecords).toBe(0);
    expect(ofIds(await list('?declineReason=notMyProperty'))).toEqual([ids.declined]);
    expect((await list('?declineReason=interestWrong')).totalRecords).toBe(0);
    expect(ofIds(await list('?minDaysOutstanding=7'))).toEqual([ids.old]);
    expect(ofIds(await list('?q=pecos'))).toEqual([ids.awaiting]);
    const paged = await list('?pageSize=2&page=2');
    expect(paged).toMatchObject({ totalRecords: 4 });
    expect(paged.rows).toHaveLength(2);
  });

  it('refuses bad filters (400); the owner and another company see none of these', async () => {
    for (const q of [
      '?response=maybe',
      '?declineReason=bored',
      '?minDaysOutstanding=-1',
      '?minDaysOutstanding=abc',
      '?pageSize=0',
    ]) {
      const res = await asOperator({ method: 'GET', url: `/api/division-orders/responses${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    expect((await list('', asOwner)).totalRecords).toBe(0);
    expect((await list('', asStranger)).totalRecords).toBe(0);
    expect((await list('', asOperatorReadOnly)).totalRecords).toBe(4);
  });
});

describe('POST /division-orders/remind', () => {
  it('reminds the owner company (mail, notification, history); once a day; others refused per id', async () => {
    const before = (await t.db.select({ id: devMailbox.id }).from(devMailbox)).length;
    const res = await remind([ids.awaiting, ids.declined, 999_999]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<RemindResult>();
    expect(result).toMatchObject({ reminded: 1, refused: 2 });
    expect(result.results.map((r) => [r.id, r.ok, r.error?.code ?? null])).toEqual([
      [ids.awaiting, true, null],
      [ids.declined, false, 'not_awaiting'],
      [999_999, false, 'not_found'],
    ]);
    // The owner's members are told and mailed.
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.companyId, w.purchaser.id),
          eq(notifications.actionData, String(ids.awaiting)),
        ),
      );
    expect(told.some((n) => n.title.startsWith('Reminder:'))).toBe(true);
    const mails = (await t.db.select().from(devMailbox).orderBy(devMailbox.id)).slice(before);
    const toOwner = mails.filter((m) => m.to.includes(w.purchaserUser.emailAddress));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.text).toContain('awaits your signature');
    expect(toOwner[0]?.text).toContain('Pecos Draw');
    // Recorded in the history both companies read.
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(eq(documentHistory.documentId, ids.awaiting));
    expect(history.some((h) => h.operationId === HistoryOperation.ReminderSent)).toBe(true);
    const row = (await list()).rows.find((r) => r.id === ids.awaiting);
    expect(row).toMatchObject({ reminderCount: 1, lastRemindedAt: expect.any(String) });

    // Again the same day: refused, and said so.
    const again = (await remind([ids.awaiting])).json<RemindResult>();
    expect(again.results[0]).toMatchObject({
      ok: false,
      error: {
        status: 429,
        code: 'reminder_too_soon',
        message: divisionOrderMessages.reminderTooSoon,
      },
    });
    expect((await t.db.select().from(devMailbox)).length - before).toBe(mails.length);
  });

  it('refuses ReadOnly (403) and bad input (400); another company gets 404 per id, nothing written', async () => {
    expect((await remind([ids.other], asOperatorReadOnly)).statusCode).toBe(403);
    for (const body of [{ ids: [] }, { ids: [ids.other, ids.other] }, { ids: ['x'] }, {}]) {
      const res = await asOperator({
        method: 'POST',
        url: '/api/division-orders/remind',
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const who of [asOwner, asStranger]) {
      const res = await remind([ids.other], who);
      expect(res.json<RemindResult>()).toMatchObject({
        reminded: 0,
        results: [{ id: ids.other, ok: false, error: { status: 404 } }],
      });
    }
    const rows = await t.db
      .select()
      .from(divisionOrderResponses)
      .where(eq(divisionOrderResponses.documentId, ids.other));
    expect(rows).toEqual([]);
  });
});

describe('automatic reminders', () => {
  it('the setting: Administrators only, 1–365 or off; members read it', async () => {
    const url = '/api/division-orders/settings';
    expect((await asOperator({ method: 'GET', url })).json()).toEqual({
      autoRemindAfterDays: null,
    });
    const put = (body: object, who = asOperatorAdmin) => who({ method: 'PUT', url, payload: body });
    expect((await put({ autoRemindAfterDays: 7 }, asOperator)).statusCode).toBe(403);
    expect((await put({ autoRemindAfterDays: 7 }, asOperatorReadOnly)).statusCode).toBe(403);
    for (const bad of [
      { autoRemindAfterDays: 0 },
      { autoRemindAfterDays: 366 },
      { autoRemindAfterDays: 'x' },
      {},
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await asOperator({ method: 'GET', url })).json()).toEqual({
      autoRemindAfterDays: null,
    });
    const ok = await put({ autoRemindAfterDays: 7 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ autoRemindAfterDays: 7 });
    expect((await asStranger({ method: 'GET', url })).json()).toEqual({
      autoRemindAfterDays: null,
    });
  });

  it('the job reminds what is due on its clock, once per interval, and not again after a restart', async () => {
    const mailer = new RecordingMailer();
    const deps = {
      mailer,
      config: { publicUrl: 'https://flowline.test' },
      log: { error: () => {} },
    };
    const now = Date.now();
    // Now: only 'Mesa Verde' (10 days) is past 7 days; 'Pecos Draw' was just reminded by hand.
    expect(await sendAutomaticReminders(t.db, deps, new Date(now))).toBe(1);
    expect(mailer.sent.map((m) => m.to[0])).toContain(w.purchaserUser.emailAddress);
    // Run again (a second run, or a run after a restart): nothing twice.
    expect(await sendAutomaticReminders(t.db, deps, new Date(now + 3_600_000))).toBe(0);
    // Eight days on: all three awaiting orders are due (sent ≥ 7 days, none reminded in 7 days).
    const count = mailer.sent.length;
    expect(await sendAutomaticReminders(t.db, deps, new Date(now + 8 * DAY))).toBe(3);
    expect(mailer.sent.length).toBeGreaterThan(count);
    expect(await sendAutomaticReminders(t.db, deps, new Date(now + 8 * DAY + 60_000))).toBe(0);
    const history = await t.db
      .select()
      .from(documentHistory)
      .where(
        and(
          eq(documentHistory.documentId, ids.old),
          eq(documentHistory.operationId, HistoryOperation.ReminderSent),
        ),
      );
    expect(history.map((h) => h.newValue)).toEqual(['Automatic reminder', 'Automatic reminder']);
    // Off again: nothing is due.
    await asOperatorAdmin({
      method: 'PUT',
      url: '/api/division-orders/settings',
      payload: { autoRemindAfterDays: null },
    });
    expect(await sendAutomaticReminders(t.db, deps, new Date(now + 30 * DAY))).toBe(0);
  });
});

describe('GET /division-orders/responses.csv', () => {
  it('streams every matching row as CSV, formula-safe; another company gets its own (none)', async () => {
    const res = await asOperator({
      method: 'GET',
      url: '/api/division-orders/responses.csv?response=unsigned',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('division-order-responses-');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Response');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Caprock');
    expect(lines[1]).toContain('Unsigned');
    expect(lines[1]).toContain('Not my property');
    const all = await asOperator({ method: 'GET', url: '/api/division-orders/responses.csv' });
    expect(all.body.trim().split(/\r?\n/)).toHaveLength(5);
    const stranger = await asStranger({ method: 'GET', url: '/api/division-orders/responses.csv' });
    expect(stranger.body.trim().split(/\r?\n/)).toHaveLength(1);
    expect(
      (await asOperator({ method: 'GET', url: '/api/division-orders/responses.csv?response=x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /division-orders/signed.zip', () => {
  it('one zip with each signed PDF and its certificate; refuses unsigned, another company and bad input', async () => {
    const id = await sentDivisionOrder('Signed Tract');
    await asOwner({
      method: 'POST',
      url: '/api/esign/consent',
      payload: { version: ESIGN_CONSENT_VERSION },
    });
    const png = (
      await sharp({
        create: {
          width: 200,
          height: 60,
          channels: 4,
          background: { r: 0, g: 0, b: 120, alpha: 1 },
        },
      })
        .png()
        .toBuffer()
    ).toString('base64');
    const signed = await asOwner({
      method: 'POST',
      url: '/api/documents/return/bulk',
      payload: {
        ids: [id],
        signed: true,
        fullName: 'Pat Purchaser',
        signatureImageAsBase64: png,
        consentVersion: ESIGN_CONSENT_VERSION,
      },
    });
    const signedId = signed.json().results[0].documentId as number;
    expect(signedId).toBeGreaterThan(0);
    const row = (await list('?response=signed')).rows;
    expect(row.map((r) => r.id)).toEqual([signedId]);
    expect(row[0]).toMatchObject({ property: 'Signed Tract', sentAt: expect.any(String) });

    const zip = (body: object, who = asOperator) =>
      who({ method: 'POST', url: '/api/division-orders/signed.zip', payload: body });
    const res = await zip({ ids: [signedId] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual([
      `${signedId} Signed Tract.pdf`,
      `${signedId} Signed Tract - certificate of completion.pdf`,
    ]);
    for (const file of entries.values()) expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(entries.get(`${signedId} Signed Tract.pdf`)?.toString('latin1')).toContain('/ByteRange');

    const unsigned = await zip({ ids: [signedId, ids.declined] });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().error.code).toBe('not_signed');
    expect((await zip({ ids: [signedId] }, asStranger)).statusCode).toBe(404);
    expect((await zip({ ids: [signedId] }, asOwner)).statusCode).toBe(404);
    expect((await zip({ ids: [] })).statusCode).toBe(400);
    expect((await zip({ ids: 'all' })).statusCode).toBe(400);
    // ReadOnly members may download.
    expect((await zip({ ids: [signedId] }, asOperatorReadOnly)).statusCode).toBe(200);
  }, 120_000);
});
