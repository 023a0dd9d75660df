// Issue 17 item 1: the objects of company A that the route matrix attacks, one factory per
// resource. Every name carries MARK so a test can check that an answer holds none of A's data.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DocumentTypeId, PartyType, Role, UserType, chatChannelUrl } from '@flowline/shared';
import type { Db } from '../../src/db/client';
import {
  documentHistory,
  invitations,
  notifications,
  paymentRuns,
} from '../../src/db/schema/index';
import { createBlobStore, type BlobStore } from '../../src/platform/blob-store/index';
import { Queue } from '../../src/platform/jobs/types';
import type { TestApp } from '../helpers/app';
import { buildOrgUnit, buildParty } from '../helpers/ach-factories';
import { buildAttachment, buildDocument } from '../helpers/document-factories';
import {
  buildCompany,
  buildMember,
  buildUser,
  type CompanyRow,
  type UserRow,
} from '../helpers/factories';
import { pdf } from '../helpers/legal-files';
import { multipartBody } from '../helpers/multipart';

/** In every name and text of company A's objects: no answer to another caller may contain it. */
export const MARK = 'Zq7Acorn';

const unique = () => crypto.randomBytes(3).toString('hex');

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Company A's people: one per role and user type a route may refuse. */
export async function buildMembersOf(db: Db, company: CompanyRow) {
  const person = (firstName: string) => ({ firstName, lastName: `${MARK} ${unique()}` });
  return {
    admin: await buildMember(db, company, [Role.Administrator], person('Ada')),
    user: await buildMember(db, company, [Role.User], person('Uma')),
    readOnly: await buildMember(db, company, [Role.ReadOnly], person('Rita')),
    processor: await buildMember(db, company, [Role.Processor], person('Pia')),
    /** A Global (support) user with the Administrator role: only the user type differs. */
    global: await buildMember(db, company, [Role.Administrator], {
      ...person('Gus'),
      userTypeId: UserType.Global,
    }),
  };
}

/** An API key of the company made through the API by its Administrator; returns id and key. */
export async function buildApiKey(t: TestApp, admin: UserRow, company: CompanyRow, role: number) {
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/apikeys',
    payload: { name: `Key ${company.name} ${unique()}`, role },
  });
  return ok<{ id: number; key: string }>(res, 'api key');
}

/** A document of `owner`, sent to `receiver` through `party` when given (else a draft). */
export async function buildMarkedDocument(
  db: Db,
  owner: CompanyRow,
  user: UserRow,
  sent?: { receiver: CompanyRow; partyId: number },
  blobStore?: BlobStore,
) {
  return buildDocument(db, {
    blobStore,
    owner,
    user,
    documentTypeId: DocumentTypeId.ArInvoice,
    metadata: { docNumber: `INV-${MARK}-${unique()}`, docTotal: '1250.00' },
    fileName: `${MARK}.pdf`,
    ...(sent ? { receiver: sent.receiver, receivingPartyId: sent.partyId } : {}),
  });
}

export async function buildAch(
  t: TestApp,
  admin: UserRow,
  company: CompanyRow,
  orgUnitId: number,
  partyId: number,
) {
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/ach',
    payload: {
      bankName: `Bank ${MARK}`,
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountTypeId: 1,
      orgUnitIds: [orgUnitId],
      partyIds: [partyId],
    },
  });
  return ok<{ id: number }>(res, 'ach');
}

export async function buildCodingRule(t: TestApp, admin: UserRow, company: CompanyRow) {
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/codingrules',
    payload: { name: `Rule ${MARK}`, kind: 'amountLimit', limit: '5000', autoApprove: true },
  });
  return ok<{ id: number }>(res, 'coding rule');
}

/** A small PNG as a data URL: a representative's signature on a field ticket. */
export async function signatureDataUrl() {
  const { default: sharp } = await import('sharp');
  const png = await sharp({
    create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A field ticket body of A for its connection to C (a fresh clientId each time). */
export const fieldTicketBody = (partyId: number) => ({
  clientId: crypto.randomUUID(),
  partyId,
  fields: {
    docNumber: `FT-${MARK}-${unique()}`,
    docServiceDate: '2026-03-02',
    docWellName: `Well ${MARK}`,
  },
  lines: [{ itemCode: 'ZQ-1', description: `Pump ${MARK}`, quantity: '2', unitPrice: '95.00' }],
});

/**
 * A's field tickets (issue 32): a draft, and one signed at the wellsite, sent to C and approved
 * by C's Administrator (billable).
 */
export async function buildFieldTickets(
  t: TestApp,
  admin: UserRow,
  company: CompanyRow,
  partyId: number,
  operatorAdmin: UserRow,
  operator: CompanyRow,
) {
  const asA = t.as(admin, company.id);
  const draft = await ok<{ documentId: number }>(
    await asA({ method: 'POST', url: '/api/field-tickets', payload: fieldTicketBody(partyId) }),
    'field ticket',
  );
  const approved = await ok<{ documentId: number }>(
    await asA({ method: 'POST', url: '/api/field-tickets', payload: fieldTicketBody(partyId) }),
    'field ticket',
  );
  const signature = await signatureDataUrl();
  await ok(
    await asA({
      method: 'POST',
      url: `/api/field-tickets/${approved.documentId}/signoff`,
      payload: {
        clientId: crypto.randomUUID(),
        signerName: `Rep ${MARK}`,
        signedAt: '2026-03-02T15:00:00Z',
        signature,
      },
    }),
    'field ticket signoff',
  );
  await ok(
    await t.as(
      operatorAdmin,
      operator.id,
    )({
      method: 'POST',
      url: `/api/documents/${approved.documentId}/approve`,
      payload: {},
    }),
    'field ticket approval',
  );
  return { draft, approved, signature };
}

/** A price book A publishes to C (one version, one item named with MARK). */
export async function buildPriceBook(
  t: TestApp,
  admin: UserRow,
  company: CompanyRow,
  partyId: number,
) {
  const { payload, headers } = await multipartBody([
    ['options', JSON.stringify({ partyId, effectiveFrom: '2026-01-01' })],
    [
      'file',
      {
        name: 'prices.csv',
        data: Buffer.from(`Item Code,Description,UOM,Unit Price\nZQ-1,Pump ${MARK},HR,95.00\n`),
        type: 'text/csv',
      },
    ],
  ]);
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/pricebooks/import',
    payload,
    headers,
  });
  return ok<{ priceBook: { id: number }; version: { id: number } }>(res, 'price book');
}

export async function buildApprovalPolicy(t: TestApp, admin: UserRow, company: CompanyRow) {
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/approvalpolicies',
    payload: { name: `Policy ${MARK}`, steps: [{ approverRoleId: 1 }] },
  });
  return ok<{ id: number }>(res, 'approval policy');
}

/** A's Administrator is out of office next year: A's user approves for them. */
export async function buildApprovalDelegation(
  t: TestApp,
  admin: UserRow,
  company: CompanyRow,
  toUserId: number,
) {
  const year = new Date().getUTCFullYear() + 1;
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/approvals/delegations',
    payload: { toUserId, startsOn: `${year}-01-05`, endsOn: `${year}-01-09` },
  });
  return ok<{ id: number }>(res, 'approval delegation');
}

/** A saved view of A's AR invoice list, shared, made by A's Administrator (issue 30 item 6). */
export async function buildListView(t: TestApp, admin: UserRow, company: CompanyRow) {
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/listviews',
    payload: {
      documentTypeId: DocumentTypeId.ArInvoice,
      name: `View ${MARK}`,
      shared: true,
      columns: ['docNumber', 'docTotal'],
      filters: { fields: [{ field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01' }] },
    },
  });
  return ok<{ id: number }>(res, 'list view');
}

export async function buildLegalDocument(t: TestApp, admin: UserRow, company: CompanyRow) {
  const { payload, headers } = await multipartBody([
    [
      'detailsDto',
      JSON.stringify({
        legalDocumentTypeId: 1,
        privacySettingId: 1,
        isActive: true,
        selectedParties: [],
      }),
    ],
    ['file', { name: `${MARK}.pdf`, data: pdf, type: 'application/pdf' }],
  ]);
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/legaldocuments/upload',
    payload,
    headers,
  });
  return ok<{ id: number }>(res, 'legal document');
}

export async function buildNotification(db: Db, company: CompanyRow, user: UserRow) {
  const [row] = await db
    .insert(notifications)
    .values({ companyId: company.id, userId: user.id, title: `Note ${MARK}`, message: MARK })
    .returning();
  return row!;
}

/**
 * A pending invitation of `company` to an e-mail address (as 'Invite' on a connection leaves it),
 * or, with `receiver`, a connection request addressed to that company.
 */
export async function buildInvitation(
  db: Db,
  company: CompanyRow,
  user: UserRow,
  partyId: number,
  receiver?: CompanyRow,
) {
  const [row] = await db
    .insert(invitations)
    .values({
      token: crypto.randomBytes(24).toString('hex'),
      kind: receiver ? 'connectionRequest' : 'invite',
      receiverCompanyId: receiver?.id ?? null,
      senderCompanyId: company.id,
      senderUserId: user.id,
      senderPartyId: partyId,
      senderPartyTypeOfReceiverCompany: PartyType.Purchaser,
      receiverEmail: `invitee-${unique()}@${MARK.toLowerCase()}.example`,
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  return row!;
}

/** A pending membership invitation of `company` for a person of no company (POST /users). */
export async function buildMembershipInvitation(
  t: TestApp,
  admin: UserRow,
  company: CompanyRow,
  orgUnitId: number,
) {
  const invitee = await buildUser(t.db, { firstName: 'Ivy', lastName: MARK });
  const res = await t.as(
    admin,
    company.id,
  )({
    method: 'POST',
    url: '/api/users',
    payload: {
      emailAddress: invitee.emailAddress,
      firstName: 'Ivy',
      lastName: MARK,
      mainRole: Role.ReadOnly,
      userOrgUnitIds: [orgUnitId],
    },
  });
  const created = await ok<{ id: number }>(res, 'membership invitation');
  return { id: created.id, invitee };
}

/** A message of `company` in a chat thread (needs messagingFlag on and a connection). */
export async function buildChatMessage(
  t: TestApp,
  user: UserRow,
  company: CompanyRow,
  channelUrl: string,
) {
  const res = await t.as(
    user,
    company.id,
  )({
    method: 'POST',
    url: `/api/chat/threads/${channelUrl}/messages`,
    payload: { message: `Hello from ${MARK}` },
  });
  return ok<{ id: number }>(res, 'chat message');
}

/**
 * Company A with its people, a partner C it exchanges documents and chat with, and one object of
 * each resource; company B with its Administrator and API key — the attacker.
 */
export async function buildRouteWorld(t: TestApp) {
  const { db } = t;
  const a = await buildCompany(db, { name: `Acorn ${MARK} Oil`, partyTypes: [PartyType.Vendor] });
  const b = await buildCompany(db, { name: 'Bravo Attacker Co' });
  const c = await buildCompany(db, { name: 'Partner Co', partyTypes: [PartyType.Purchaser] });
  const aPeople = await buildMembersOf(db, a);
  const bAdmin = await buildMember(db, b, [Role.Administrator], { firstName: 'Bob' });
  const bUser = await buildMember(db, b, [Role.User], { firstName: 'Ben' });
  const cAdmin = await buildMember(db, c, [Role.Administrator], { firstName: 'Cy' });

  const orgUnit = await buildOrgUnit(db, a, { name: `Profile ${MARK}` });
  const party = await buildParty(db, a, [orgUnit], {
    partyTypeId: PartyType.Purchaser,
    name: `Connection ${MARK}`,
    connectedCompanyId: c.id,
  });
  const partyOfC = await buildParty(db, c, [], {
    partyTypeId: PartyType.Vendor,
    name: `Acorn ${MARK} as C knows it`,
    connectedCompanyId: a.id,
  });
  const unconnectedParty = await buildParty(db, a, [], {
    partyTypeId: PartyType.Purchaser,
    name: `Offline ${MARK}`,
  });

  const blobStore = createBlobStore(t.config);
  const sentDocument = await buildMarkedDocument(
    db,
    a,
    aPeople.admin,
    { receiver: c, partyId: party.id },
    blobStore,
  );
  const draftDocument = await buildMarkedDocument(db, a, aPeople.admin);
  const receivedDocument = await buildMarkedDocument(db, c, cAdmin, {
    receiver: a,
    partyId: partyOfC.id,
  });
  const attachment = await buildAttachment(db, blobStore, sentDocument, a, {
    fileName: `${MARK}.csv`,
    data: Buffer.from(`a,${MARK}\n`),
    contentType: 'text/csv',
  });
  const [history] = await db
    .select({ id: documentHistory.id })
    .from(documentHistory)
    .where(eq(documentHistory.documentId, sentDocument.id));

  const ach = await buildAch(t, aPeople.admin, a, orgUnit.id, party.id);
  const codingRule = await buildCodingRule(t, aPeople.admin, a);
  const approvalPolicy = await buildApprovalPolicy(t, aPeople.admin, a);
  const approvalDelegation = await buildApprovalDelegation(t, aPeople.admin, a, aPeople.user.id);
  const listView = await buildListView(t, aPeople.admin, a);
  const legalDocument = await buildLegalDocument(t, aPeople.admin, a);
  const priceBook = await buildPriceBook(t, aPeople.admin, a, party.id);
  const fieldTickets = await buildFieldTickets(t, aPeople.admin, a, party.id, cAdmin, c);
  const [paymentRun] = await db
    .insert(paymentRuns)
    .values({
      companyId: a.id,
      payeeCompanyId: c.id,
      partyId: party.id,
      paymentDate: '2026-01-31',
      method: 'ach',
      reference: `ACH ${MARK}`,
      totalCents: 100,
      invoiceCount: 0,
    })
    .returning();
  const notification = await buildNotification(db, a, aPeople.admin);
  const invitation = await buildInvitation(db, a, aPeople.admin, unconnectedParty.id);
  /** A connection request from C that A has received (what A accepts, rejects or reads). */
  const receivedInvitation = await buildInvitation(db, c, cAdmin, partyOfC.id, a);
  const membershipInvitation = await buildMembershipInvitation(t, aPeople.admin, a, orgUnit.id);
  const aKey = await buildApiKey(t, aPeople.admin, a, Role.Administrator);
  const aReadOnlyKey = await buildApiKey(t, aPeople.admin, a, Role.ReadOnly);
  const bKey = await buildApiKey(t, bAdmin, b, Role.Administrator);
  const jobId = await t.app.jobs.send(
    Queue.documentExtraction,
    { documentId: draftDocument.id },
    { companyId: a.id, label: `Reading ${MARK}` },
  );

  const channelUrl = chatChannelUrl(a.id, c.id);
  const chatMessage = await buildChatMessage(t, aPeople.admin, a, channelUrl);

  return {
    a,
    b,
    c,
    aPeople,
    bAdmin,
    bUser,
    cAdmin,
    orgUnit,
    party,
    unconnectedParty,
    sentDocument,
    draftDocument,
    receivedDocument,
    attachment,
    historyId: history!.id,
    ach,
    codingRule,
    approvalPolicy,
    approvalDelegation,
    listView,
    legalDocument,
    priceBook,
    fieldTickets,
    paymentRun: paymentRun!,
    notification,
    invitation,
    receivedInvitation,
    membershipInvitation,
    aKey,
    aReadOnlyKey,
    bKey,
    jobId: jobId ?? crypto.randomUUID(),
    /** The chat channel between A and its partner C, and A's message in it. */
    channelUrl,
    chatMessage,
  };
}
export type RouteWorld = Awaited<ReturnType<typeof buildRouteWorld>>;
