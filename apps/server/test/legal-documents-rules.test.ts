import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegalDocumentType, PartyType, PrivacySetting, Role } from '@flowline/shared';
import { parties } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { pdf } from './helpers/legal-files';
import { multipartBody } from './helpers/multipart';

let t: TestApp;
let dataDir: string;
let acme: CompanyRow;
let other: CompanyRow;
let admin: UserRow;
let otherAdmin: UserRow;
let docId: number;
let partyIds: number[];

const shared = PrivacySetting.SharedWithPartners;

async function uploadAs(
  as: UserRow,
  company: CompanyRow,
  selectedParties: number[] = [],
  overrides: Record<string, unknown> = {},
) {
  const details = {
    legalDocumentTypeId: LegalDocumentType.W9,
    privacySettingId: selectedParties.length ? shared : PrivacySetting.Private,
    isActive: true,
    selectedParties,
    ...overrides,
  };
  const { payload, headers } = await multipartBody([
    ['detailsDto', JSON.stringify(details)],
    ['file', { name: 'w9.pdf', data: pdf }],
  ]);
  return t.as(
    as,
    company.id,
  )({ method: 'POST', url: '/api/legaldocuments/upload', payload, headers });
}

async function connection(company: CompanyRow, name: string, connectedCompanyId: number | null) {
  const [row] = await t.db
    .insert(parties)
    .values({
      companyId: company.id,
      partyTypeId: PartyType.Owner,
      name,
      number: name,
      connectedCompanyId,
    })
    .returning();
  return row!.id;
}

const blobCount = () =>
  fs.existsSync(path.join(dataDir, 'files', 'companies'))
    ? fs
        .readdirSync(path.join(dataDir, 'files', 'companies'), {
          recursive: true,
          withFileTypes: true,
        })
        .filter((e) => e.isFile()).length
    : 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-legal-access-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  acme = await buildCompany(t.db);
  other = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  otherAdmin = await buildMember(t.db, other, [Role.Administrator]);
  partyIds = [
    await connection(acme, 'Zulu Energy', other.id),
    await connection(acme, 'Alpha Gas', other.id),
    await connection(acme, 'Mike Midstream', other.id),
  ];
  await connection(acme, 'Not connected yet', null);
  docId = (await uploadAs(admin, acme)).json().id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const calls = (id: number): InjectOptions[] => [
  { method: 'GET', url: `/api/legaldocuments/${id}` },
  { method: 'GET', url: `/api/legaldocuments/${id}/download` },
  {
    method: 'PUT',
    url: `/api/legaldocuments/${id}/details`,
    payload: { privacySettingId: 1, isActive: true, selectedParties: [] },
  },
  { method: 'DELETE', url: `/api/legaldocuments/${id}` },
];

describe('who may use legal documents', () => {
  it.each([
    ['User', Role.User],
    ['ReadOnly', Role.ReadOnly],
  ])('a %s gets 403 from every call and uploads nothing', async (_name, role) => {
    const member = await buildMember(t.db, acme, [role]);
    const before = blobCount();
    expect((await uploadAs(member, acme)).statusCode).toBe(403);
    expect(blobCount()).toBe(before);
    const list = await t.as(
      member,
      acme.id,
    )({ method: 'POST', url: '/api/legaldocuments/search', payload: { legalDocumentTypeId: 1 } });
    expect(list.statusCode).toBe(403);
    const partiesList = await t.as(
      member,
      acme.id,
    )({ method: 'GET', url: '/api/legaldocuments/shareableParties' });
    expect(partiesList.statusCode).toBe(403);
    for (const call of calls(docId))
      expect((await t.as(member, acme.id)(call)).statusCode).toBe(403);
  });

  it("another company's administrator gets 404 for every call and never sees it listed", async () => {
    for (const call of calls(docId)) {
      const res = await t.as(otherAdmin, other.id)(call);
      expect(res.statusCode).toBe(404);
    }
    const list = await t.as(
      otherAdmin,
      other.id,
    )({ method: 'POST', url: '/api/legaldocuments/search', payload: { legalDocumentTypeId: 1 } });
    expect(list.json()).toEqual({ items: [], totalRecords: 0 });
    expect((await t.as(admin, acme.id)(calls(docId)[0]!)).statusCode).toBe(200); // still there
  });
});

describe('sharing with connections', () => {
  it('lists connected connections only, by name, with a search', async () => {
    const all = await t.as(
      admin,
      acme.id,
    )({ method: 'GET', url: '/api/legaldocuments/shareableParties' });
    expect(all.json()).toEqual({
      totalRecords: 3,
      items: [
        { id: partyIds[1], name: 'Alpha Gas' },
        { id: partyIds[2], name: 'Mike Midstream' },
        { id: partyIds[0], name: 'Zulu Energy' },
      ],
    });
    const some = await t.as(
      admin,
      acme.id,
    )({ method: 'GET', url: '/api/legaldocuments/shareableParties?query=mid&pageSize=100' });
    expect(some.json().items).toEqual([{ id: partyIds[2], name: 'Mike Midstream' }]);
  });

  it('adds connections and never removes one already shared with; Private withdraws all', async () => {
    const created = await uploadAs(admin, acme, [partyIds[0]!]);
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    const put = (selectedParties: number[], privacySettingId: number = shared) =>
      t.as(
        admin,
        acme.id,
      )({
        method: 'PUT',
        url: `/api/legaldocuments/${id}/details`,
        payload: { privacySettingId, isActive: true, selectedParties },
      });
    const added = await put([partyIds[1]!]);
    expect(added.statusCode).toBe(200);
    expect(added.json().selectedParties.map((p: { name: string }) => p.name)).toEqual([
      'Alpha Gas',
      'Zulu Energy',
    ]);

    const empty = await put([]);
    expect(empty.statusCode).toBe(400);

    const madePrivate = await put([], PrivacySetting.Private);
    expect(madePrivate.json()).toMatchObject({ privacySettingId: 1, selectedParties: [] });
  });
});

describe('deleting', () => {
  it('removes the row and its file', async () => {
    const id: number = (await uploadAs(admin, acme)).json().id;
    const before = blobCount();
    const res = await t.as(admin, acme.id)({ method: 'DELETE', url: `/api/legaldocuments/${id}` });
    expect(res.statusCode).toBe(204);
    expect(blobCount()).toBe(before - 1);
    expect(
      (await t.as(admin, acme.id)({ method: 'GET', url: `/api/legaldocuments/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(admin, acme.id)({ method: 'DELETE', url: `/api/legaldocuments/${id}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('one active document per type', () => {
  const cert = LegalDocumentType.InsuranceCertificate;
  const uploadCert = async (overrides: Record<string, unknown> = {}) =>
    (await uploadAs(admin, acme, [], { legalDocumentTypeId: cert, ...overrides })).json()
      .id as number;
  const activeIds = async (legalDocumentTypeId: number = cert) => {
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'POST',
      url: '/api/legaldocuments/search',
      payload: { legalDocumentTypeId, isActive: true },
    });
    return res.json().items.map((d: { id: number }) => d.id);
  };
  const activate = (id: number) =>
    t.as(
      admin,
      acme.id,
    )({
      method: 'PUT',
      url: `/api/legaldocuments/${id}/details`,
      payload: { privacySettingId: 1, isActive: true, selectedParties: [] },
    });

  it('a new active document replaces the active one of its type only', async () => {
    const w9Before = await activeIds(LegalDocumentType.W9);
    const first = await uploadCert();
    const second = await uploadCert();
    expect(await activeIds()).toEqual([second]);
    await uploadCert({ isActive: false });
    expect(await activeIds()).toEqual([second]);
    expect(await activeIds(LegalDocumentType.W9)).toEqual(w9Before); // other types untouched

    // The replace button: the replaced document becomes inactive even if the new one is not active.
    const third = await uploadCert({ isActive: false, replacesLegalDocumentId: second });
    expect(await activeIds()).toEqual([]);
    // Activating through the details also leaves exactly one active document.
    expect((await activate(first)).statusCode).toBe(200);
    expect((await activate(third)).statusCode).toBe(200);
    expect(await activeIds()).toEqual([third]);
  });
});
