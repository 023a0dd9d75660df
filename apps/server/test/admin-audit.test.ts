// Issue 17 item 7: every administrative change is recorded (who, when, old → new) and shown to
// the company's Administrators only (docs/admin-audit.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  LegalDocumentType,
  PrivacySetting,
  Role,
  UserType,
  zAdminAuditPage,
  type AdminAuditEvent,
} from '@flowline/shared';
import { adminAuditEvents, orgUnits } from '../src/db/schema/index';
import { recordAdminChange } from '../src/modules/admin-audit/record';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildOrgUnit, buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';

let t: TestApp;
let dataDir: string;
let acme: CompanyRow;
let other: CompanyRow;
let home: CompanyRow;
let admin: UserRow;
let clerk: UserRow;
let reader: UserRow;
let processor: UserRow;
let otherAdmin: UserRow;
let support: UserRow;
let profileId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: UserRow, method: Method, url: string, payload?: object, company = acme) =>
  t.as(user, company.id)({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });

async function audit(query = '', user = admin, company = acme) {
  const res = await call(user, 'GET', `/admin/audit${query}`, undefined, company);
  expect(res.statusCode, res.body).toBe(200);
  return zAdminAuditPage.parse(res.json());
}
/** The newest event of an action in Acme. */
async function latest(action: string): Promise<AdminAuditEvent> {
  const page = await audit(`?action=${action}&pageSize=1`);
  const [event] = page.items;
  if (!event) throw new Error(`no ${action} event`);
  return event;
}
const changeOf = (e: AdminAuditEvent, field: string) => e.changes.find((c) => c.field === field);
const auditRows = async (companyId = acme.id) =>
  (
    await t.db
      .select({ n: count() })
      .from(adminAuditEvents)
      .where(eq(adminAuditEvents.companyId, companyId))
  )[0]?.n ?? 0;

function expectActor(e: AdminAuditEvent, user = admin) {
  expect(e).toMatchObject({
    actorUserId: user.id,
    actorName: `${user.firstName} ${user.lastName}`,
    actorEmail: user.emailAddress,
    actorType: 'user',
  });
  expect(e.requestId).toBeTruthy();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-audit-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  acme = await buildCompany(t.db, { name: 'Acme Audit Oil' });
  other = await buildCompany(t.db, { name: 'Other Audit Gas' });
  home = await buildCompany(t.db, { name: 'Flowline Support' });
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  clerk = await buildMember(t.db, acme, [Role.User]);
  reader = await buildMember(t.db, acme, [Role.ReadOnly]);
  processor = await buildMember(t.db, acme, [Role.Processor]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
  support = await buildMember(t.db, home, [Role.User], { userTypeId: UserType.Global });
  const [p] = await t.db
    .insert(orgUnits)
    .values({ companyId: acme.id, name: 'HQ', code: 'HQ' })
    .returning();
  profileId = p!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('users and memberships', () => {
  let userId: number;

  it('records a created user, then each change of roles, details, block and removal', async () => {
    const email = `nina-${Date.now()}@acme.example`;
    const created = await call(admin, 'POST', '/users', {
      emailAddress: email,
      firstName: 'Nina',
      lastName: 'Hale',
      userOrgUnitIds: [profileId],
      mainRole: Role.ReadOnly,
    });
    expect(created.statusCode, created.body).toBe(201);
    userId = created.json().id;
    const made = await latest('user.created');
    expectActor(made);
    expect(made).toMatchObject({ entityType: 'user', entityId: String(userId) });
    expect(changeOf(made, 'emailAddress')).toEqual({
      field: 'emailAddress',
      old: null,
      new: email,
    });
    expect(changeOf(made, 'mainRole')?.new).toBe('ReadOnly');
    // The temporary password is mailed, never audited.
    expect(JSON.stringify(made)).not.toMatch(/password/i);

    const edited = await call(admin, 'PUT', `/users/${userId}`, {
      firstName: 'Nina',
      lastName: 'Hale',
      userOrgUnitIds: [profileId],
      mainRole: Role.Administrator,
      additionalRoles: [Role.Processor],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const roles = await latest('user.roles_changed');
    expect(changeOf(roles, 'mainRole')).toEqual({
      field: 'mainRole',
      old: 'ReadOnly',
      new: 'Administrator',
    });
    expect(changeOf(roles, 'additionalRoles')).toEqual({
      field: 'additionalRoles',
      old: [],
      new: ['Processor'],
    });

    await call(admin, 'PUT', `/users/${userId}`, {
      firstName: 'Nina',
      lastName: 'Hale-Ross',
      userOrgUnitIds: [profileId],
      mainRole: Role.Administrator,
      additionalRoles: [Role.Processor],
    });
    const renamed = await latest('user.updated');
    expect(renamed.changes).toEqual([{ field: 'lastName', old: 'Hale', new: 'Hale-Ross' }]);

    expect((await call(admin, 'POST', `/users/${userId}/block`)).statusCode).toBe(200);
    expect((await latest('user.blocked')).changes).toEqual([
      { field: 'blocked', old: false, new: true },
    ]);
    expect((await call(admin, 'POST', `/users/${userId}/unblock`)).statusCode).toBe(200);
    expect((await latest('user.unblocked')).changes).toEqual([
      { field: 'blocked', old: true, new: false },
    ]);

    expect((await call(admin, 'DELETE', `/users/${userId}`)).statusCode).toBe(204);
    const removed = await latest('membership.removed');
    expect(removed.entityId).toBe(String(userId));
    expect(changeOf(removed, 'mainRole')).toMatchObject({ old: 'Administrator', new: null });
  });

  it('records a change of sign-in e-mail (requested) with old → new', async () => {
    const person = await buildMember(t.db, acme, [Role.Processor]);
    const res = await call(admin, 'POST', `/users/${person.id}/emailaddress`, {
      emailAddress: `new-${person.id}@acme.example`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const e = await latest('user.email_change_requested');
    expect(e.changes).toEqual([
      { field: 'emailAddress', old: person.emailAddress, new: `new-${person.id}@acme.example` },
    ]);
    // The confirmation link's token is not in the audit.
    expect(JSON.stringify(e)).not.toMatch(/token/i);
  });

  it('records inviting a person known elsewhere, withdrawing it, and an accepted invitation', async () => {
    const known = await buildMember(t.db, other, [Role.User]);
    const invite = () =>
      call(admin, 'POST', '/users', {
        emailAddress: known.emailAddress,
        firstName: known.firstName,
        lastName: known.lastName,
        userOrgUnitIds: [profileId],
        mainRole: Role.Processor,
      });
    const first = await invite();
    expect(first.statusCode, first.body).toBe(201);
    const invited = await latest('membership.invited');
    expect(invited.entityType).toBe('membership_invitation');
    expect(changeOf(invited, 'mainRole')?.new).toBe('Processor');

    expect((await call(admin, 'DELETE', `/users/${first.json().id}`)).statusCode).toBe(204);
    expect((await latest('membership.invitation_revoked')).changes).toEqual([
      { field: 'status', old: 'pending', new: 'revoked' },
    ]);

    const second = await invite();
    const accepted = await t.as(known)({
      method: 'POST',
      url: `/api/me/membership-invitations/${second.json().id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const joined = await latest('membership.accepted');
    expect(joined).toMatchObject({ actorUserId: known.id, entityId: String(known.id) });
  });
});

describe('API keys', () => {
  it('records creation and revocation without the key or its hash', async () => {
    const res = await call(admin, 'POST', '/apikeys', { name: 'ERP', role: Role.Processor });
    expect(res.statusCode, res.body).toBe(201);
    const { id, key } = res.json() as { id: number; key: string };
    const created = await latest('apikey.created');
    expect(created).toMatchObject({ entityType: 'api_key', entityId: String(id) });
    expect(changeOf(created, 'role')?.new).toBe('Processor');
    const [row] = await t.db
      .select({ changes: adminAuditEvents.changes, summary: adminAuditEvents.summary })
      .from(adminAuditEvents)
      .where(eq(adminAuditEvents.action, 'apikey.created'));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));

    expect((await call(admin, 'DELETE', `/apikeys/${id}`)).statusCode).toBe(204);
    expect((await latest('apikey.revoked')).changes).toEqual([
      { field: 'revoked', old: false, new: true },
    ]);
  });

  it('records a change made with an Administrator key as the key, and refuses keys the audit', async () => {
    const { key } = (
      await call(admin, 'POST', '/apikeys', { name: 'Admin ERP', role: Role.Administrator })
    ).json() as { key: string };
    const byKey = (method: Method, url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });
    const res = await byKey('PUT', '/terminology/3', { customizedName: 'Partner' });
    expect(res.statusCode, res.body).toBe(200);
    const e = await latest('terminology.changed');
    expect(e).toMatchObject({
      actorType: 'api_key',
      actorName: 'API key Admin ERP',
      actorEmail: null,
    });
    expect((await byKey('GET', '/admin/audit')).statusCode).toBe(403);
  });
});

describe('company settings', () => {
  it('records terminology, old → new, and back to the default', async () => {
    await call(admin, 'PUT', '/terminology/2', { customizedName: 'Supplier' });
    expect((await latest('terminology.changed')).changes).toEqual([
      { field: 'Vendor', old: null, new: 'Supplier' },
    ]);
    await call(admin, 'PUT', '/terminology/2', { customizedName: null });
    expect((await latest('terminology.changed')).changes).toEqual([
      { field: 'Vendor', old: 'Supplier', new: null },
    ]);
  });

  it('records the logo uploaded and removed', async () => {
    const data = await sharp({
      create: { width: 100, height: 50, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody([
      ['file', { name: 'acme.png', data, type: 'image/png' }],
    ]);
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'POST',
      url: '/api/companyImage/upload',
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await latest('company.logo_changed')).changes).toEqual([
      { field: 'logo', old: null, new: 'acme.png' },
    ]);
    expect((await call(admin, 'DELETE', '/companyImage')).statusCode).toBe(204);
    expect((await latest('company.logo_removed')).changes).toEqual([
      { field: 'logo', old: 'acme.png', new: null },
    ]);
  });

  it('records profiles created, changed and deleted, the tax id masked', async () => {
    const created = await call(admin, 'POST', '/companyorgunit', {
      name: 'Midland Office',
      code: 'MID',
      addressLineOne: '500 W Wall St',
      city: 'Midland',
      state: 'TX',
      zipCode: '79701',
      country: 'US',
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '12-3456789',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const made = await latest('orgunit.created');
    expect(changeOf(made, 'name')).toEqual({ field: 'name', old: null, new: 'Midland Office' });
    expect(changeOf(made, 'taxIdentificationNumber')?.new).toBe('****6789');
    expect(JSON.stringify(made)).not.toContain('3456789');

    const saved = await call(admin, 'PUT', `/companyorgunit/${id}`, {
      name: 'Midland Field Office',
      code: 'MID',
      addressLineOne: '500 W Wall St',
      city: 'Midland',
      state: 'TX',
      zipCode: '79701',
      country: 'US',
      taxIdentificationType: 'EIN',
      taxIdentificationNumber: '12-3456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await latest('orgunit.updated')).changes).toEqual([
      { field: 'name', old: 'Midland Office', new: 'Midland Field Office' },
    ]);
    expect((await call(admin, 'DELETE', `/companyorgunit/${id}`)).statusCode).toBe(204);
    expect(changeOf(await latest('orgunit.deleted'), 'code')).toEqual({
      field: 'code',
      old: 'MID',
      new: null,
    });
  });

  it('records coding rules created, changed and deleted', async () => {
    const rule = { name: 'Under $5,000', kind: 'amountLimit', limit: '5000', autoApprove: true };
    const created = await call(admin, 'POST', '/codingrules', rule);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(changeOf(await latest('codingrule.created'), 'name')?.new).toBe('Under $5,000');
    await call(admin, 'PUT', `/codingrules/${id}`, { ...rule, limit: '7500' });
    expect((await latest('codingrule.updated')).changes).toEqual([
      { field: 'params', old: { limitCents: 500000 }, new: { limitCents: 750000 } },
    ]);
    expect((await call(admin, 'DELETE', `/codingrules/${id}`)).statusCode).toBe(204);
    expect(changeOf(await latest('codingrule.deleted'), 'name')?.old).toBe('Under $5,000');
  });

  it('records legal documents uploaded, changed and deleted', async () => {
    const { payload, headers } = await multipartBody([
      [
        'detailsDto',
        JSON.stringify({
          legalDocumentTypeId: LegalDocumentType.W9,
          privacySettingId: PrivacySetting.Private,
          isActive: true,
          selectedParties: [],
        }),
      ],
      ['file', { name: 'w9.pdf', data: pdf, type: 'application/pdf' }],
    ]);
    const up = await t.as(
      admin,
      acme.id,
    )({
      method: 'POST',
      url: '/api/legaldocuments/upload',
      payload,
      headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as number;
    expect(changeOf(await latest('legaldocument.uploaded'), 'fileName')?.new).toBe('w9.pdf');
    const changed = await call(admin, 'PUT', `/legaldocuments/${id}/details`, {
      privacySettingId: PrivacySetting.Private,
      isActive: false,
      selectedParties: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await latest('legaldocument.updated')).changes).toEqual([
      { field: 'isActive', old: true, new: false },
    ]);
    expect((await call(admin, 'DELETE', `/legaldocuments/${id}`)).statusCode).toBe(204);
    expect((await latest('legaldocument.deleted')).entityId).toBe(String(id));
  });

  it('records ACH forms created, changed and deleted, the numbers masked to their last 4', async () => {
    const west = await buildOrgUnit(t.db, acme);
    const party = await buildParty(t.db, acme, [west]);
    const ach = {
      bankName: 'First Bank of Midland',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountTypeId: 1,
      orgUnitIds: [west.id],
      partyIds: [party.id],
    };
    const created = await call(admin, 'POST', '/ach', ach);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const made = await latest('ach.created');
    expect(changeOf(made, 'accountNumber')).toEqual({
      field: 'accountNumber',
      old: null,
      new: '****6789',
    });
    expect(changeOf(made, 'routingNumber')?.new).toBe('****0021');
    const saved = await call(admin, 'PUT', `/ach/${id}`, {
      ...ach,
      bankName: 'Second Bank',
      accountNumber: '000999998888',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await latest('ach.updated')).changes).toEqual([
      { field: 'bankName', old: 'First Bank of Midland', new: 'Second Bank' },
      { field: 'accountNumber', old: '****6789', new: '****8888' },
    ]);
    expect((await call(admin, 'DELETE', `/ach/${id}`)).statusCode).toBe(204);
    expect(changeOf(await latest('ach.deleted'), 'bankName')?.old).toBe('Second Bank');
    const rows = await t.db
      .select({ changes: adminAuditEvents.changes, summary: adminAuditEvents.summary })
      .from(adminAuditEvents)
      .where(eq(adminAuditEvents.entityType, 'ach'));
    const text = JSON.stringify(rows);
    for (const secret of ['000123456789', '123456789', '021000021', '000999998888'])
      expect(text).not.toContain(secret);
  });

  it("records a Global support user's feature flag change in that company's audit", async () => {
    const res = await call(
      support,
      'PUT',
      `/admin/featureflags/${acme.id}`,
      { flag: 'accounting-reports', enabled: true },
      home,
    );
    expect(res.statusCode, res.body).toBe(200);
    const e = await latest('featureflag.changed');
    expect(e).toMatchObject({
      actorUserId: support.id,
      actorType: 'global_support',
      entityId: 'accounting-reports',
      changes: [{ field: 'accounting-reports', old: null, new: true }],
    });
    // The support company's own audit does not get it.
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(adminAuditEvents)
          .where(
            and(
              eq(adminAuditEvents.companyId, home.id),
              eq(adminAuditEvents.action, 'featureflag.changed'),
            ),
          )
      )[0]?.n,
    ).toBe(0);
  });
});

describe('one transaction', () => {
  it('a refused change leaves no audit row', async () => {
    const before = await auditRows();
    // Removing the last Administrator is refused inside the transaction (409).
    const alone = await buildCompany(t.db);
    const solo = await buildMember(t.db, alone, [Role.Administrator]);
    const helper = await buildMember(t.db, alone, [Role.Processor]);
    const res = await t.as(
      solo,
      alone.id,
    )({
      method: 'PUT',
      url: `/api/users/${solo.id}`,
      payload: {
        firstName: solo.firstName,
        lastName: solo.lastName,
        userOrgUnitIds: [],
        mainRole: Role.ReadOnly,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(helper.id).toBeGreaterThan(0);
    expect(await auditRows(alone.id)).toBe(0);
    // A profile code taken: the insert fails at the unique index after the audit could be written.
    const dup = await call(admin, 'POST', '/companyorgunit', {
      name: 'Again',
      code: 'HQ',
      addressLineOne: '1 Main',
      city: 'Midland',
      state: 'TX',
      zipCode: '79701',
      country: 'US',
    });
    expect(dup.statusCode).toBe(409);
    expect(await auditRows()).toBe(before);
  });

  it('rolls the audit row back with the change when the transaction fails after recording', async () => {
    const before = await auditRows();
    await expect(
      t.db.transaction(async (tx) => {
        await recordAdminChange(
          tx,
          { companyId: acme.id, userId: admin.id, userType: UserType.Regular, roles: [1] },
          { action: 'test.failed', entityType: 'user', summary: 'never committed' },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditRows()).toBe(before);
  });
});

describe('GET /admin/audit', () => {
  it('pages newest first in SQL and filters by kind, action, actor and dates', async () => {
    const all = await audit('?pageSize=200');
    expect(all.totalRecords).toBe(all.items.length);
    expect(all.totalRecords).toBeGreaterThan(15);
    const times = all.items.map((e) => `${e.createdAt}|${String(e.id).padStart(12, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);

    const p1 = await audit('?pageSize=3&page=1');
    const p2 = await audit('?pageSize=3&page=2');
    expect(p1.items.map((e) => e.id)).toEqual(all.items.slice(0, 3).map((e) => e.id));
    expect(p2.items.map((e) => e.id)).toEqual(all.items.slice(3, 6).map((e) => e.id));
    expect(p1.totalRecords).toBe(all.totalRecords);

    const keys = await audit('?entityType=api_key&pageSize=200');
    expect(keys.items.length).toBeGreaterThan(0);
    expect(keys.items.every((e) => e.entityType === 'api_key')).toBe(true);
    const byActor = await audit(`?actorUserId=${support.id}`);
    expect(byActor.items.map((e) => e.action)).toEqual(['featureflag.changed']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}&pageSize=200`)).totalRecords).toBe(
      all.totalRecords,
    );
    expect((await audit('?from=2000-01-01&to=2000-01-02')).totalRecords).toBe(0);
  });

  it('refuses bad filters with a 400 and the message', async () => {
    const bad = await call(admin, 'GET', '/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A date is YYYY-MM-DD');
    const reversed = await call(admin, 'GET', '/admin/audit?from=2026-02-02&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The start date must be on or before the end date');
    expect((await call(admin, 'GET', '/admin/audit?pageSize=0')).statusCode).toBe(400);
  });

  it('is for Administrators: other roles 403, no token 401', async () => {
    for (const user of [clerk, reader, processor]) {
      expect((await call(user, 'GET', '/admin/audit')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    // A member of another company naming Acme is refused.
    expect((await call(otherAdmin, 'GET', '/admin/audit')).statusCode).toBe(403);
  });

  it("never shows another company's events", async () => {
    const theirs = await audit('?pageSize=200', otherAdmin, other);
    expect(theirs.items.every((e) => !e.summary.includes('Acme'))).toBe(true);
    const acmeIds = new Set((await audit('?pageSize=200')).items.map((e) => e.id));
    expect(theirs.items.some((e) => acmeIds.has(e.id))).toBe(false);
    // Other has no administrative changes of its own (the known person's invitation was Acme's).
    expect(theirs.totalRecords).toBe(0);
  });

  it("shows a Global support user their selected company's events, where they administer", async () => {
    // Global users work in the companies they are members of (docs/auth-and-tenancy.md).
    expect((await call(support, 'GET', '/admin/audit', undefined, acme)).statusCode).toBe(403);
    const globalAdmin = await buildMember(t.db, acme, [Role.Administrator], {
      userTypeId: UserType.Global,
    });
    const page = await audit('?pageSize=200', globalAdmin);
    expect(page.totalRecords).toBe(await auditRows());
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(
      t.db.execute(sql`update admin_audit_events set summary = 'changed'`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from admin_audit_events`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate admin_audit_events`)).rejects.toThrow();
    expect(await auditRows()).toBeGreaterThan(0);
  });
});
