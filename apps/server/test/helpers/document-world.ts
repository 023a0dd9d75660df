import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DocumentTypeId, PartyType, PreferenceKey, Role, UserType } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import { documentHistory, metadataDefinitions, userPreferences } from '../../src/db/schema/index';
import { buildTestApp, type TestApp } from './app';
import { buildDocument } from './document-factories';
import { buildOrgUnit, buildParty } from './ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './factories';

/**
 * The document screen's test world: a vendor (profiles Midland and Odessa) connected to three
 * purchaser companies that connect it through their profiles Midland; Midland and Odessa; none —
 * plus an unconnected purchaser, a connection of the wrong type and a stranger company.
 */
export async function buildDocumentWorld(db: Db) {
  const vendor = await buildCompany(db, { name: 'Vendor Co', partyTypes: [PartyType.Vendor] });
  const purchaser = await buildCompany(db, {
    name: 'Purchaser Co',
    partyTypes: [PartyType.Purchaser],
  });
  const purchaser2 = await buildCompany(db, { name: 'Second Purchaser Co' });
  const purchaser3 = await buildCompany(db, { name: 'Third Purchaser Co' });
  const stranger = await buildCompany(db, { name: 'Stranger Co' });

  const midland = await buildOrgUnit(db, vendor, { name: 'Midland' });
  const odessa = await buildOrgUnit(db, vendor, { name: 'Odessa' });
  const purchaserType = { partyTypeId: PartyType.Purchaser };
  const toPurchaser = await buildParty(db, vendor, [midland], {
    ...purchaserType,
    name: 'Purchaser Co',
    connectedCompanyId: purchaser.id,
  });
  const toPurchaser2 = await buildParty(db, vendor, [midland, odessa], {
    ...purchaserType,
    name: 'Second Purchaser',
    connectedCompanyId: purchaser2.id,
  });
  const toPurchaser3 = await buildParty(db, vendor, [], {
    ...purchaserType,
    name: 'Third Purchaser',
    connectedCompanyId: purchaser3.id,
  });
  const offline = await buildParty(db, vendor, [], { ...purchaserType, name: 'Offline Purchaser' });
  const vendorTypeParty = await buildParty(db, vendor, [], {
    partyTypeId: PartyType.Vendor,
    name: 'A Vendor Connection',
    connectedCompanyId: purchaser.id,
  });
  // The Bill To choices of an AR invoice are the receiver's profiles it connects the vendor
  // through (GET /party/getByIdWithConnectedOrgUnits): Midland; Midland and Odessa; none.
  const vendorType = { partyTypeId: PartyType.Vendor, connectedCompanyId: vendor.id };
  const billToMidland = await buildOrgUnit(db, purchaser, { name: 'Midland' });
  const toVendor = await buildParty(db, purchaser, [billToMidland], {
    ...vendorType,
    name: 'Vendor Co (as Purchaser knows it)',
  });
  const billTo2Midland = await buildOrgUnit(db, purchaser2, { name: 'Midland' });
  const billTo2Odessa = await buildOrgUnit(db, purchaser2, { name: 'Odessa' });
  await buildParty(db, purchaser2, [billTo2Midland, billTo2Odessa], vendorType);
  await buildParty(db, purchaser3, [], vendorType);
  const strangerParty = await buildParty(db, stranger, [], purchaserType);

  const user = await buildMember(db, vendor, [Role.User], { firstName: 'Val', lastName: 'Vendor' });
  const readOnly = await buildMember(db, vendor, [Role.ReadOnly]);
  const global = await buildMember(db, vendor, [Role.User], { userTypeId: UserType.Global });
  const globalReadOnly = await buildMember(db, vendor, [Role.ReadOnly], {
    userTypeId: UserType.Global,
  });
  const purchaserUser = await buildMember(db, purchaser, [Role.User], {
    firstName: 'Pat',
    lastName: 'Purchaser',
  });
  const purchaserQuiet = await buildMember(db, purchaser, [Role.Administrator]);
  await db.insert(userPreferences).values({
    userId: purchaserQuiet.id,
    key: PreferenceKey.receiveEmails,
    value: 'false',
  });
  const purchaserReadOnly = await buildMember(db, purchaser, [Role.ReadOnly]);
  const strangerUser = await buildMember(db, stranger, [Role.Administrator]);

  return {
    vendor,
    purchaser,
    purchaser2,
    purchaser3,
    stranger,
    midland,
    odessa,
    billToMidland,
    billTo2Midland,
    billTo2Odessa,
    toPurchaser,
    toPurchaser2,
    toPurchaser3,
    offline,
    vendorTypeParty,
    toVendor,
    strangerParty,
    user,
    readOnly,
    global,
    globalReadOnly,
    purchaserUser,
    purchaserQuiet,
    purchaserReadOnly,
    strangerUser,
  };
}
export type DocumentWorld = Awaited<ReturnType<typeof buildDocumentWorld>>;

/** A test app holding the document world, and a caller as the vendor's user. */
export async function openDocumentWorld(env?: Record<string, string>) {
  const t = await buildTestApp(env);
  const w = await buildDocumentWorld(t.db);
  return { t, w, asUser: caller(t, w.user, w.vendor) };
}

let invoiceNumber = 99;

/** Test files share modules (no isolation): each starts again at INV-100 (test/setup-file.ts). */
export function restartInvoiceNumbers() {
  invoiceNumber = 99;
}

/**
 * Every value an AR invoice needs to be sent (the scan date comes from the document). Each spread
 * (`{ ...completeArInvoice }`) gets the next invoice number — INV-100 first in every test file —
 * as real invoices do, so two sends are not flagged as duplicates (issue 12 item 7).
 */
export const completeArInvoice = {
  get docNumber() {
    invoiceNumber += 1;
    return `INV-${invoiceNumber}`;
  },
  docInvoiceDate: '2026-01-05',
  docServiceDate: '2026-01-02',
  docTotal: '1250.00',
  docARPurchaserName: 'Purchaser Co',
  docOrgUnitName: 'Midland',
} as const;

/** The field ids of a document type by key. */
export async function fieldIds(db: Db, documentTypeId: number = DocumentTypeId.ArInvoice) {
  const rows = await db
    .select({ id: metadataDefinitions.id, key: metadataDefinitions.key })
    .from(metadataDefinitions)
    .where(eq(metadataDefinitions.documentTypeId, documentTypeId));
  return Object.fromEntries(rows.map((r) => [r.key, r.id])) as Record<string, number>;
}

export async function historyOf(db: Db, documentId: number) {
  return db
    .select()
    .from(documentHistory)
    .where(eq(documentHistory.documentId, documentId))
    .orderBy(documentHistory.id);
}

/** A request as `user` in `company`. */
export function caller(t: TestApp, user: UserRow, company: CompanyRow) {
  return (opts: InjectOptions): Promise<LightMyRequestResponse> => t.as(user, company.id)(opts);
}

/** A complete AR invoice the vendor has sent to Purchaser Co (Sent for it, Received for them). */
export async function sendVendorInvoice(t: TestApp, w: DocumentWorld): Promise<number> {
  const doc = await buildDocument(t.db, {
    owner: w.vendor,
    user: w.user,
    metadata: { ...completeArInvoice },
    receivingPartyId: w.toPurchaser.id,
  });
  const res = await caller(
    t,
    w.user,
    w.vendor,
  )({
    method: 'PUT',
    url: `/api/documents/${doc.id}/publish`,
    payload: { metadata: [] },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  return doc.id;
}
