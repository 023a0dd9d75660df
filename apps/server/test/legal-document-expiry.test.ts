// Issue 27 item 26: an insurance certificate's optional expiry date, and the reminder to the
// company's Administrators 30 days before it — sent once per certificate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LegalDocumentType as Type,
  legalDocumentMessages as msg,
  PrivacySetting,
  Role,
} from '@flowline/shared';
import { legalDocuments, notifications } from '../src/db/schema/index';
import { sendExpiryReminders } from '../src/modules/legal-documents/expiry-reminders';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { multipartBody } from './helpers/multipart';
import { pdf } from './helpers/legal-files';

let t: TestApp;
let dataDir: string;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let secondAdmin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let otherAdmin: UserRow;

const certificate = (extra: Record<string, unknown> = {}) => ({
  legalDocumentTypeId: Type.InsuranceCertificate,
  privacySettingId: PrivacySetting.Private,
  isActive: true,
  selectedParties: [],
  ...extra,
});

async function upload(as: UserRow, details: unknown, company = acme) {
  const { payload, headers } = await multipartBody([
    ['detailsDto', JSON.stringify(details)],
    ['file', { name: 'certificate.pdf', data: pdf, type: 'application/pdf' }],
  ]);
  return t.as(
    as,
    company.id,
  )({ method: 'POST', url: '/api/legaldocuments/upload', payload, headers });
}
const putDetails = (as: UserRow, id: number, body: Record<string, unknown>, company = acme) =>
  t.as(as, company.id)({ method: 'PUT', url: `/api/legaldocuments/${id}/details`, payload: body });
const rowOf = async (id: number) =>
  (await t.db.select().from(legalDocuments).where(eq(legalDocuments.id, id)))[0];

class RecordingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-expiry-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  secondAdmin = await buildMember(t.db, acme, [Role.Administrator]);
  clerk = await buildMember(t.db, acme, [Role.Processor]);
  reader = await buildMember(t.db, acme, [Role.ReadOnly]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the expiry date of an insurance certificate', () => {
  it('is stored on upload, shown in the list and changed on edit', async () => {
    const res = await upload(admin, certificate({ expiresOn: '2027-03-31' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'certificate.pdf', expiresOn: '2027-03-31' });
    const list = await t.as(
      admin,
      acme.id,
    )({
      method: 'POST',
      url: '/api/legaldocuments/search',
      payload: { legalDocumentTypeId: Type.InsuranceCertificate },
    });
    expect(list.json().items[0]).toMatchObject({ id: res.json().id, expiresOn: '2027-03-31' });

    const edited = await putDetails(admin, res.json().id, {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      expiresOn: '2027-04-30',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().expiresOn).toBe('2027-04-30');
    // Absent means unchanged; null removes it.
    const kept = await putDetails(admin, res.json().id, {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
    });
    expect(kept.json().expiresOn).toBe('2027-04-30');
    const removed = await putDetails(admin, res.json().id, {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      expiresOn: null,
    });
    expect(removed.json().expiresOn).toBeNull();
  });

  it('is optional', async () => {
    const res = await upload(admin, certificate());
    expect(res.statusCode).toBe(201);
    expect(res.json().expiresOn).toBeNull();
  });

  it.each(['2027-02-30', '31/03/2027', '2027-3-1', 'tomorrow', ''])(
    'refuses %j with the message, writing nothing',
    async (expiresOn) => {
      const before = (await t.db.select().from(legalDocuments)).length;
      const res = await upload(admin, certificate({ expiresOn }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(msg.expiryInvalid);
      expect(res.json().error.fields.expiresOn).toBe(msg.expiryInvalid);
      expect(await t.db.select().from(legalDocuments)).toHaveLength(before);
    },
  );

  it('is refused on a W9, on upload and on edit (400)', async () => {
    const w9 = certificate({ legalDocumentTypeId: Type.W9, expiresOn: '2027-03-31' });
    const res = await upload(admin, w9);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(msg.expiryOnlyForCertificates);

    const stored = await upload(admin, { ...w9, expiresOn: undefined });
    expect(stored.statusCode).toBe(201);
    const edit = await putDetails(admin, stored.json().id, {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      expiresOn: '2027-03-31',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe(msg.expiryOnlyForCertificates);
    expect((await rowOf(stored.json().id))?.expiresOn).toBeNull();
  });

  it('is set by Administrators only (403), and another company’s id is 404 with nothing changed', async () => {
    const mine = (await upload(admin, certificate({ expiresOn: '2027-05-01' }))).json().id;
    const body = {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      expiresOn: '2030-01-01',
    };
    expect((await putDetails(clerk, mine, body)).statusCode).toBe(403);
    expect((await putDetails(reader, mine, body)).statusCode).toBe(403);
    expect((await upload(clerk, certificate({ expiresOn: '2030-01-01' }))).statusCode).toBe(403);
    const foreign = await putDetails(otherAdmin, mine, body, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('certificate.pdf');
    expect((await rowOf(mine))?.expiresOn).toBe('2027-05-01');
  });
});

describe('the expiry reminder job', () => {
  it('tells each Administrator once, 30 days before, and again only for a new date', async () => {
    // A clean slate: only this test's certificate is active and dated.
    await t.db.update(legalDocuments).set({ isActive: false });
    const doc = (await upload(admin, certificate({ expiresOn: '2030-07-01' }))).json();
    const mailer = new RecordingMailer();
    const deps = { db: t.db, mailer, publicUrl: 'https://flowline.test' };
    const adminNotices = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.companyId, acme.id))).filter(
        (n) => n.title.startsWith('Insurance certificate'),
      );

    // 31 days before: not yet.
    expect(await sendExpiryReminders(deps, '2030-05-31')).toBe(0);
    expect(await adminNotices()).toHaveLength(0);
    // 30 days before: the Administrators (not the Processor or the ReadOnly member) are told.
    expect(await sendExpiryReminders(deps, '2030-06-01')).toBe(1);
    const told = await adminNotices();
    expect(told.map((n) => n.userId).sort()).toEqual([admin.id, secondAdmin.id].sort());
    expect(told[0]?.message).toContain('certificate.pdf');
    expect(told[0]?.message).toContain('07/01/2030');
    expect(mailer.sent.map((m) => m.to[0]).sort()).toEqual(
      [admin.emailAddress, secondAdmin.emailAddress].sort(),
    );
    expect(mailer.sent[0]?.subject).toBe('Insurance certificate expires soon');
    // The next days: nothing more.
    expect(await sendExpiryReminders(deps, '2030-06-02')).toBe(0);
    expect(await sendExpiryReminders(deps, '2030-06-30')).toBe(0);
    expect(await adminNotices()).toHaveLength(2);
    expect(mailer.sent).toHaveLength(2);
    expect(await rowOf(doc.id)).toMatchObject({ expiryReminderSentAt: expect.any(Date) });

    // A new date is reminded of again; another company's Administrators hear nothing.
    await putDetails(admin, doc.id, {
      privacySettingId: PrivacySetting.Private,
      isActive: true,
      expiresOn: '2030-08-15',
    });
    expect(await sendExpiryReminders(deps, '2030-06-02')).toBe(0);
    expect(await sendExpiryReminders(deps, '2030-07-16')).toBe(1);
    expect(await adminNotices()).toHaveLength(4);
    const foreign = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, otherAdmin.id));
    expect(foreign).toHaveLength(0);
  });
});
