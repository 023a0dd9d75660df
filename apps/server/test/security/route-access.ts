// Issue 17 item 1: who may call each API route — ONE table, one entry per registered route.
// route-matrix.test.ts fails for a route without an entry and for an entry without a route, and
// checks every entry against the running server (docs/security.md, 'Route matrix').
import { AccountKind, DocumentTypeId, Terminology } from '@flowline/shared';
import { pidxInvoiceXml } from '../helpers/pidx';
import { fieldTicketBody, type RouteWorld } from './factories';

/** Who may call a route, as the server enforces it (not as the screens show it). */
export type Allow =
  /** Nobody needs to sign in (the route's config.access is 'public'). */
  | 'anyone'
  /** Any signed-in user or API key; no company (config.access 'user'). */
  | 'any-user'
  /** Any member of the selected company, ReadOnly included. */
  | 'any-member'
  /** Members who change data: Administrator, User, Processor — ReadOnly is refused 403. */
  | 'writers'
  /** Administrators of the selected company only. */
  | 'administrators'
  /** Global (support) users only, whatever their role. */
  | 'global-only';

export interface RouteAccessEntry {
  /** The route's config.access (checked against the registered route). */
  access: 'public' | 'user' | 'company';
  allow: Allow;
  /**
   * Whether an API key of the right company and role may call it. false: a key is refused
   * (401/403) even with the Administrator role.
   */
  apiKey: boolean;
  /**
   * Company A's object for each path parameter, made by security/factories.ts. Omitted: the
   * route has no path parameter, or its parameters name reference data (then `notes` says so).
   */
  params?: (w: RouteWorld) => Record<string, string | number>;
  /** Query string values the route requires (A's ids where they name an object). */
  query?: (w: RouteWorld) => Record<string, string>;
  /** A valid JSON body, so the call reaches the handler's checks instead of a 400. */
  body?: (w: RouteWorld) => unknown;
  /** The body's content type when it is not JSON (the body is then sent as the string given). */
  contentType?: string;
  /** A multipart upload: these JSON fields (name → value) and a small PDF as `file`. */
  multipart?: (w: RouteWorld) => Record<string, unknown>;
  /**
   * The body schema answers 400 before the handler runs, even for a valid-looking body of another
   * company's object (complex forms): (b) and (d) accept 400 beside 403/404 — still with none of
   * A's data. Each use is listed in docs/security.md as a check to sharpen.
   */
  validatesFirst?: true;
  /**
   * 'per-item': refused callers get 200 with each item refused (bulk actions), not a 403.
   * 'lookup-first': the object or its state is checked before the role, so a refused role may
   * get 404/409 on this fixture instead of 403. Either way (c) proves nothing was written.
   */
  refusal?: 'per-item' | 'lookup-first';
  /**
   * What company B's Administrator gets with A's ids (column b): 'refused' = 403/404 with none of
   * A's data (the default); 'own-data' = the route answers about the caller only (a list, a
   * count, reference data) and must hold none of A's data; 'token-holder' = the path carries a
   * secret mailed to the invitee, whose holder is meant to use it (not called by (b)/(d)).
   */
  crossCompany?: 'refused' | 'own-data' | 'token-holder';
  /** A WebSocket: authenticated by its first message (realtime.test.ts), never injected here. */
  websocket?: true;
  notes?: string;
}

const doc = (w: RouteWorld) => ({ id: w.sentDocument.id });
const draft = (w: RouteWorld) => ({ id: w.draftDocument.id });
const received = (w: RouteWorld) => ({ id: w.receivedDocument.id });
const ownData = { crossCompany: 'own-data' } as const;
const reference = 'its parameter names reference data shared by all companies';
const lookup: RouteAccessEntry = {
  access: 'public',
  allow: 'anyone',
  apiKey: true,
  ...ownData,
  notes: 'reference lists (packages/shared lookups)',
};

/** Keyed 'METHOD /api/path/{param}' exactly as the route is registered. */
export const routeAccess: Record<string, RouteAccessEntry> = {
  // ── platform ────────────────────────────────────────────────────────────────────────────────
  'GET /api/health': { access: 'public', allow: 'anyone', apiKey: true, ...ownData },
  'GET /api/health/ready': { access: 'public', allow: 'anyone', apiKey: true, ...ownData },
  'GET /api/auth/config': { access: 'public', allow: 'anyone', apiKey: true, ...ownData },
  'GET /api/notifications/subscribe': {
    access: 'public',
    allow: 'anyone',
    apiKey: true,
    websocket: true,
    notes: 'hidden from OpenAPI; the socket authenticates by its first message (realtime.test.ts)',
  },
  'POST /api/clientexceptionlogger/exception': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
    body: () => ({ message: 'x' }),
  },
  'POST /api/authenticationexceptionlogger/exception': {
    access: 'public',
    allow: 'anyone',
    apiKey: true,
    ...ownData,
    body: () => ({ message: 'x' }),
  },

  // ── users, companies ───────────────────────────────────────────────────────────────────────
  'GET /api/users/current': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'GET /api/session': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
    notes:
      'the session start (users/current + allCompanies + flags, terminology, connections of the Company-Id)',
  },
  'GET /api/exchangeusers/external/{externalId}': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    params: (w) => ({ externalId: w.aPeople.admin.externalId! }),
    notes: "another user's subject answers 404: a user looks up only themselves",
  },
  'POST /api/exchangeusers/welcomeMessageDisplayed': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    body: () => ({ doNotShowAgain: false }),
    ...ownData,
  },
  'GET /api/company/allCompanies': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'GET /api/companyResolving/resolveCompanyByServiceId': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    query: (w) => ({ companyId: String(w.a.id) }),
    notes: 'resolves only companies of the caller',
    ...ownData,
  },
  'GET /api/company/{id}/name': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.a.id }),
    notes: 'names of the caller’s own companies only',
  },
  'GET /api/lookups/roles': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'GET /api/users/current/personalization': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
  },
  'PUT /api/users/current/Personalization': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
    body: () => ({}),
  },
  'PUT /api/users/current/personalization': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
    body: () => ({}),
  },
  'POST /api/users/current/emailaddress': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
    body: () => ({ emailAddress: 'new-address@bravo.example' }),
  },
  'POST /api/emailchange/confirm': {
    access: 'public',
    allow: 'anyone',
    apiKey: true,
    ...ownData,
    body: () => ({ token: 'x'.repeat(43) }),
  },
  'GET /api/me/membership-invitations': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    ...ownData,
  },
  'POST /api/me/membership-invitations/{id}/accept': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    params: (w) => ({ id: w.membershipInvitation.id }),
    notes: "only the invited person's own invitation; anyone else's is 404",
  },
  'POST /api/me/membership-invitations/{id}/decline': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    params: (w) => ({ id: w.membershipInvitation.id }),
    notes: "only the invited person's own invitation; anyone else's is 404",
  },
  'POST /api/companyRegistration': {
    access: 'public',
    allow: 'anyone',
    apiKey: true,
    ...ownData,
  },

  // ── administration of users ────────────────────────────────────────────────────────────────
  'GET /api/users/exchange': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'POST /api/users': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      emailAddress: 'new-person@bravo.example',
      firstName: 'New',
      lastName: 'Person',
      mainRole: 3,
      userOrgUnitIds: [w.orgUnit.id],
    }),
    notes: "B naming A's profile: refused",
    ...ownData,
  },
  'GET /api/users/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'PUT /api/users/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({ firstName: 'Changed', lastName: 'Name', userOrgUnitIds: [w.orgUnit.id] }),
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'DELETE /api/users/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'GET /api/users/{id}/roles': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'POST /api/users/{id}/emailaddress': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ emailAddress: 'taken-over@bravo.example' }),
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'POST /api/users/{id}/block': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'POST /api/users/{id}/unblock': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'GET /api/apikeys': { access: 'company', allow: 'administrators', apiKey: false, ...ownData },
  'POST /api/apikeys': {
    access: 'company',
    allow: 'administrators',
    apiKey: false,
    body: () => ({ name: 'Bravo key', role: 11 }),
    ...ownData,
  },
  'DELETE /api/apikeys/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: false,
    params: (w) => ({ id: w.aKey.id }),
  },
  'GET /api/admin/audit': { access: 'company', allow: 'administrators', apiKey: false, ...ownData },
  'GET /api/inbound-email': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
    notes: "the caller's own company's address and deliveries only",
  },
  'GET /api/jobs/failed': { access: 'company', allow: 'administrators', apiKey: true, ...ownData },
  'POST /api/jobs/{id}/retry': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.jobId }),
  },
  'GET /api/terminology': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'PUT /api/terminology/{terminologyId}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
    params: () => ({ terminologyId: Object.values(Terminology)[0]! }),
    body: () => ({ customizedName: 'Bravo term' }),
    notes: `${reference}; the customized name is the caller company's own`,
  },

  // ── feature flags, notifications ───────────────────────────────────────────────────────────
  'GET /api/featureflags': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/admin/featureflags': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    ...ownData,
  },
  'PUT /api/admin/featureflags/default': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    ...ownData,
  },
  'PUT /api/admin/featureflags/{companyId}': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    params: (w) => ({ companyId: w.a.id }),
  },
  'GET /api/admin/featureflags/{companyId}/changes': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    params: (w) => ({ companyId: w.a.id }),
  },
  'GET /api/notifications': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/notifications/unreadnotifications': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/notifications/pendingSystemNotifications': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'POST /api/notifications/markNotificationAsRead': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: (w) => ({ notificationId: String(w.notification.id) }),
  },
  'POST /api/notifications/system': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    body: () => ({ title: 'Hello', message: 'Hello all', audience: 'selectedCompany' }),
    ...ownData,
  },

  // ── documents ──────────────────────────────────────────────────────────────────────────────
  'GET /api/documentType': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/documentType/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ id: DocumentTypeId.ArInvoice }),
    notes: reference,
  },
  'GET /api/documentType/template/{id}/instance': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ id: 1 }),
    notes: reference,
  },
  'POST /api/documentType/detect': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    ...ownData,
    multipart: () => ({}),
    notes:
      'behind aiDocTypeDetectionAndExtractionFlag, off here (the legal upload would try to read the PDF): every caller gets 403 feature_disabled before the role check (ReadOnly 403 read_only)',
  },
  'GET /api/documents/{id}': { access: 'company', allow: 'any-member', apiKey: true, params: doc },
  'GET /api/documents/{id}/available': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: doc,
    notes: "never a 404 by design: another company's id answers { available: false }",
  },
  'PUT /api/documents/{id}/markread': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'PUT /api/documents/{id}/metadata': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: draft,
    body: () => ({ metadata: [] }),
  },
  'PUT /api/documents/{id}/publish': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: draft,
    body: () => ({ metadata: [] }),
  },
  'POST /api/documents/cancelPublish': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({ ids: [w.sentDocument.id] }),
  },
  'DELETE /api/documents/{id}': {
    access: 'company',
    allow: 'global-only',
    apiKey: false,
    params: draft,
  },
  'DELETE /api/documents/{id}/deleteTempFile': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    refusal: 'lookup-first',
    notes:
      'looks the temp file up before the role (404 when none, then ReadOnly 403; documents/service.ts)',
    params: draft,
  },
  'GET /api/documents/{id}/versions': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'POST /api/documents/{id}/resubmit': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    query: (w) => ({ newVersion: String(w.draftDocument.id) }),
    params: doc,
  },
  'GET /api/metadata/{id}/lookupvalues': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ id: 1 }),
    notes: reference,
  },
  'GET /api/history/document/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/history/document/{id}/rejectionReason': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/history/document/{id}/disputeComment': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/history/document/{id}/returnReason': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/history/{objectId}/details/{historyId}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ objectId: w.sentDocument.id, historyId: w.historyId }),
  },
  'GET /api/documentroute': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/documentroute/': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/documentroute/sent': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/inbox': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/exports/documents': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ list: 'inbox', format: 'csv' }),
    ...ownData,
    notes: "the caller's own routes only (r.company_id in every read)",
  },
  'GET /api/exports/search': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ querySearchTerm: 'invoice', format: 'csv' }),
    ...ownData,
    notes: "the caller's own routes only (the search's r.company_id)",
  },
  'GET /api/exports/connections': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ format: 'csv' }),
    ...ownData,
  },
  'GET /api/exports/users': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    query: () => ({ format: 'csv' }),
    ...ownData,
  },
  'GET /api/exports/audit': {
    access: 'company',
    allow: 'administrators',
    apiKey: false,
    query: () => ({ format: 'csv' }),
    ...ownData,
  },
  'GET /api/listviews': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ documentTypeId: String(DocumentTypeId.ArInvoice) }),
    ...ownData,
    notes: "the caller's own views and those shared in the caller's company",
  },
  'POST /api/listviews': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    body: () => ({ documentTypeId: DocumentTypeId.ArInvoice, name: `Mine ${Date.now()}` }),
    ...ownData,
    notes:
      'a view of the caller’s own company; a ReadOnly member may save views (not a change to documents)',
  },
  'PUT /api/listviews/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.listView.id }),
    body: () => ({ name: 'Renamed' }),
    notes:
      'every member reaches the route; only the owner (or an Administrator, a shared view) changes the view (403 list_view_forbidden)',
  },
  'DELETE /api/listviews/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.listView.id }),
    notes:
      'every member reaches the route; only the owner (or an Administrator, a shared view) deletes the view',
  },
  'GET /api/documentroute/inbox/myApprovalsCount': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/inbox/unreadCount': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/all/{documentTypeId}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ documentTypeId: DocumentTypeId.ArInvoice }),
    notes: reference,
  },
  'GET /api/documentroute/getByDocumentTypes/{ids}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ ids: String(DocumentTypeId.ArInvoice) }),
    notes: reference,
  },
  'GET /api/documentroute/notReturnedDOs': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'POST /api/search': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    body: () => ({ querySearchTerm: 'Zq7Acorn' }),
  },
  'GET /api/typeahead': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/documentstatus': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/documentstatus/counts': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/stats': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/ownerDocReceivedCounts': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentroute/ownerDocSentCounts': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/documentAttachments/document/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'DELETE /api/documentAttachments/{id}': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: (w) => ({ id: w.attachment.id }),
  },
  'POST /api/documents/upload': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    multipart: (w) => ({
      fileUploadData: { documentTypeId: DocumentTypeId.ArInvoice, receivingPartyId: w.party.id },
    }),
    ...ownData,
  },
  'POST /api/pidx/invoices': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    contentType: 'application/xml',
    body: (w) => pidxInvoiceXml({ invoiceNumber: 'Zq7Acorn-PIDX', billTo: { name: w.party.name } }),
    ...ownData,
    notes: "B's callers name A's connection: no connection of theirs matches (400), nothing of A's",
  },
  'GET /api/pidx/invoices/{documentId}/response': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ documentId: w.sentDocument.id }),
  },
  'GET /api/exports/ap': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
    notes: "the caller's own approvals only (erp_approvals of its company)",
  },
  'GET /api/batch/getdocumentids': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ batchName: 'Zq7Acorn' }),
    ...ownData,
  },
  'POST /api/documents/{id}/approve': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
    body: () => ({}),
  },
  'POST /api/documents/{id}/reject': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
    body: () => ({ reason: 'no' }),
  },
  'POST /api/documents/{id}/hold': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
    body: () => ({}),
  },
  'POST /api/documents/{id}/releasehold': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
  },
  'POST /api/documents/{id}/dispute': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
    body: () => ({ comment: 'Wrong rate' }),
  },
  'POST /api/documents/hold': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    notes: "another company's id comes back refused 'Document not found' (200, nothing held)",
    refusal: 'per-item',
    body: (w) => ({ documentIds: [w.receivedDocument.id] }),
  },
  'POST /api/documents/approve': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    notes: "another company's id comes back refused 'Document not found' (200, nothing approved)",
    refusal: 'per-item',
    body: (w) => ({ documentIds: [w.receivedDocument.id] }),
  },
  'POST /api/documents/assign': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    notes:
      "issue 29 item 5: a user of another company is a 404 for the whole request; another company's document id comes back refused 'Document not found' (200, nothing assigned)",
    body: (w) => ({ documentIds: [w.receivedDocument.id], userId: w.aPeople.user.id }),
  },
  'POST /api/documents/download.zip': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    notes: "issue 29 item 5: another company's ids are a 404 before anything is streamed",
    body: (w) => ({ documentIds: [w.receivedDocument.id] }),
  },
  'GET /api/payment': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: (w) => ({ documentId: String(w.receivedDocument.id) }),
  },
  'POST /api/payment': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({
      documentId: w.receivedDocument.id,
      amount: '1.00',
      paymentId: 'P-1',
      transactionDate: '2026-12-01',
    }),
  },
  'GET /api/documents/{id}/lineItems': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'PUT /api/documents/{id}/lineItems': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: draft,
    body: () => ({ lines: [] }),
  },
  'PUT /api/documents/{id}/lineItems/coding': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: received,
    body: () => ({
      lines: [
        {
          lineNumber: 1,
          afe: null,
          costCenter: null,
          accountCode: null,
          well: null,
          property: null,
        },
      ],
    }),
  },
  'GET /api/documents/{id}/ProposedLineItems/{page}/{pageSize}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.sentDocument.id, page: 1, pageSize: 10 }),
  },
  'GET /api/accountcodes/{kind}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    params: () => ({ kind: Object.values(AccountKind)[0]! }),
    notes: "reference kind; the codes are the caller company's own",
  },
  'GET /api/codingrules': { access: 'company', allow: 'administrators', apiKey: true, ...ownData },
  'POST /api/codingrules': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Bravo rule', kind: 'amountLimit', limit: '5000', autoApprove: true }),
    ...ownData,
  },
  'PUT /api/codingrules/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.codingRule.id }),
    body: () => ({ name: 'Bravo rule', kind: 'amountLimit', limit: '1', autoApprove: true }),
  },
  'DELETE /api/codingrules/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.codingRule.id }),
  },
  'GET /api/pricebooks': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/pricebooks/template': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ format: 'csv' }),
    ...ownData,
    notes: 'the same template for every company',
  },
  'POST /api/pricebooks/import': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    multipart: (w) => ({ options: { partyId: w.party.id, effectiveFrom: '2026-01-01' } }),
  },
  'GET /api/pricebooks/typeahead': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: (w) => ({ partyId: String(w.party.id), query: 'ZQ' }),
  },
  'GET /api/pricebooks/{id}/versions': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.priceBook.priceBook.id }),
  },
  'GET /api/pricebooks/versions/{id}/items': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.priceBook.version.id }),
  },
  'GET /api/pricebooks/versions/{id}/export': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.priceBook.version.id }),
    query: () => ({ format: 'csv' }),
  },
  // ── field tickets (issue 32 items 2–3; docs/field-tickets.md) ─────────────────────────────
  'POST /api/field-tickets': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => fieldTicketBody(w.party.id),
    notes: "B is no vendor (403); B's vendor would name A's connection: 404",
  },
  'GET /api/field-tickets': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ side: 'sent', page: '1', pageSize: '25' }),
    ...ownData,
  },
  'POST /api/field-tickets/invoice': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({ ticketDocumentIds: [w.fieldTickets.approved.documentId] }),
  },
  'GET /api/field-tickets/{documentId}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ documentId: w.fieldTickets.draft.documentId }),
  },
  'PATCH /api/field-tickets/{documentId}': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: (w) => ({ documentId: w.fieldTickets.draft.documentId }),
    body: (w) => {
      const { clientId: _, ...body } = fieldTicketBody(w.party.id);
      return body;
    },
  },
  'POST /api/field-tickets/{documentId}/signoff': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: (w) => ({ documentId: w.fieldTickets.draft.documentId }),
    body: (w) => ({
      clientId: '6f1c2b7e-8d4a-4f3e-9c1b-2a3d4e5f6a7b',
      signerName: 'Rep',
      signedAt: '2026-03-02T15:00:00Z',
      signature: w.fieldTickets.signature,
      position: { latitude: 31.9, longitude: -102.1, accuracyMeters: 10 },
    }),
  },
  'GET /api/documents/{id}/field-tickets': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/payment-runs': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/payment-runs/candidates': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: (w) => ({ partyId: String(w.party.id) }),
  },
  'POST /api/payment-runs': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({
      partyId: w.party.id,
      paymentDate: '2026-02-01',
      method: 'ach',
      reference: 'PR-MATRIX',
      lines: [{ documentId: w.receivedDocument.id, amount: '1.00' }],
    }),
    notes: "A's fixture invoice is not approved: A's writers get 409, nothing is paid",
  },
  'GET /api/payment-runs/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.paymentRun.id }),
  },
  'GET /api/payment-runs/{id}/remittance': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.paymentRun.id }),
    query: () => ({ format: 'csv' }),
  },
  'GET /api/early-pay-offers': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/payments/expectedCash': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/payments/discountSummary': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'PUT /api/early-pay-offers': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({ partyId: w.party.id, discountPercent: 1.5, days: 10 }),
  },
  'DELETE /api/early-pay-offers/{partyId}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ partyId: w.party.id }),
    notes: "no offer exists in the fixture: A's Administrators get 404, nothing is removed",
  },
  'GET /api/matchtolerances': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'PUT /api/matchtolerances': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ quantityPercent: '2', priceAmount: '0.5', totalPercent: '1' }),
    ...ownData,
  },
  'GET /api/match/exceptions': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    ...ownData,
    notes: "the caller's own open exceptions; ReadOnly is refused (AP work)",
  },
  'POST /api/match/exceptions/{documentId}/accept': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: (w) => ({ documentId: w.receivedDocument.id }),
    body: () => ({ comment: 'Agreed with the vendor by phone' }),
    notes: "the fixture's invoice has no match: A's writers get 404, nothing is written",
  },
  'GET /api/documents/{id}/match': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: received,
    notes: "the fixture's invoice has no match: A gets 404 'This document has no three-way match'",
  },
  'GET /api/match/dashboard': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/match/vendor-dashboard': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/approvalpolicies': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'POST /api/approvalpolicies': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Bravo policy', steps: [{ approverRoleId: 1 }] }),
    ...ownData,
  },
  'PUT /api/approvalpolicies/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.approvalPolicy.id }),
    body: () => ({ name: 'Bravo policy', steps: [{ approverRoleId: 1 }] }),
  },
  'DELETE /api/approvalpolicies/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.approvalPolicy.id }),
  },
  'GET /api/approvals/delegates': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/approvals/delegations': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'POST /api/approvals/delegations': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({
      toUserId: w.aPeople.user.id,
      startsOn: `${new Date().getUTCFullYear() + 2}-03-01`,
      endsOn: `${new Date().getUTCFullYear() + 2}-03-02`,
    }),
    notes: "another company's user is not found (404), so B cannot delegate to A's people",
  },
  'DELETE /api/approvals/delegations/{id}': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: (w) => ({ id: w.approvalDelegation.id }),
  },
  'GET /api/approvals/settings': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'PUT /api/approvals/settings': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ remindAfterDays: 2, escalateAfterDays: 5 }),
    ...ownData,
  },
  'GET /api/documents/{id}/approvals': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: received,
  },
  'GET /api/users/{id}/approvallimit': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
  },
  'PUT /api/users/{id}/approvallimit': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.aPeople.user.id }),
    body: () => ({ approvalLimit: '5000' }),
  },
  'GET /api/documents/{id}/file/1': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/download/{id}': { access: 'company', allow: 'any-member', apiKey: true, params: doc },
  'GET /api/download/attachment/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.attachment.id }),
  },
  'GET /api/download/{id}/pdf': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'POST /api/documents/{id}/return': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    refusal: 'lookup-first',
    notes:
      'the document state is checked before the role: ReadOnly gets 409 on a document that is not sign-and-return (signing/service.ts)',
    body: () => ({ signed: false, declineReason: 'notMyProperty' }),
    params: received,
  },
  'POST /api/documents/return/bulk': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    crossCompany: 'own-data',
    notes:
      "issue 31: another company's ids come back each refused 404 (200), or the whole call 409 consentRequired first — never A's data",
    body: (w) => ({
      ids: [w.receivedDocument.id],
      signed: true,
      fullName: 'Route Matrix',
      signatureImageAsBase64:
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      consentVersion: '1',
    }),
  },
  'GET /api/division-orders/responses': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    notes: "issue 31: the caller's own sent pending division orders only (r.company_id)",
  },
  'GET /api/division-orders/responses.csv': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    notes: "issue 31: the caller's own sent pending division orders only (r.company_id)",
  },
  'POST /api/division-orders/remind': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    crossCompany: 'own-data',
    notes: "issue 31: another company's ids come back each refused 404 (200) — never its data",
    body: (w) => ({ ids: [w.sentDocument.id] }),
  },
  'POST /api/division-orders/signed.zip': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    crossCompany: 'own-data',
    notes: "issue 31: another company's ids are a 404 before anything is streamed",
    body: (w) => ({ ids: [w.sentDocument.id] }),
  },
  'GET /api/division-orders/settings': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'PUT /api/division-orders/settings': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ autoRemindAfterDays: 30 }),
    ...ownData,
  },
  'GET /api/tax-documents/years': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    notes: "issue 31 item 5: the caller's own received 1099s only (r.company_id, side received)",
  },
  'GET /api/tax-documents': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    query: () => ({ year: '2025' }),
    ...ownData,
    notes: "issue 31 item 5: the caller's own received 1099s only (r.company_id, side received)",
  },
  'GET /api/tax-documents/{year}/zip': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: () => ({ year: 2025 }),
    ...ownData,
    notes:
      "issue 31 item 5: a year, not an object: the caller's own received 1099s only; none that year is a 404",
  },
  'GET /api/documents/{id}/signatureField': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
    notes: 'issue 31 item 1: both companies of a pending division order read its field',
  },
  'PUT /api/documents/{id}/signatureField': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    params: doc,
    body: () => ({ page: 1, area: { x: 0.1, y: 0.8, width: 0.4, height: 0.08 } }),
    notes:
      "issue 31 item 1: the sender's writers (the receiver 403, a non-pending-division-order 409)",
  },
  'GET /api/documents/{id}/evidence/verify': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/documents/{id}/certificate': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: doc,
  },
  'GET /api/DocumentOcr/{documentId}/page/{page}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ documentId: w.sentDocument.id, page: 1 }),
  },
  'POST /api/autoextraction': {
    access: 'company',
    allow: 'writers',
    apiKey: true,
    body: (w) => ({ documentId: w.draftDocument.id, documentTypeId: DocumentTypeId.ArInvoice }),
  },

  // ── ACH ────────────────────────────────────────────────────────────────────────────────────
  'GET /api/ach': { access: 'company', allow: 'administrators', apiKey: true, ...ownData },
  'GET /api/ach/availableProfiles': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'GET /api/ach/availableParties': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    query: (w) => ({ orgUnitIds: String(w.orgUnit.id) }),
    ...ownData,
    notes: "A's profile ids in the query: the caller's own connections only ([] here)",
  },
  'GET /api/ach/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.ach.id }),
  },
  'POST /api/ach': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      bankName: 'Bravo Bank',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '000999',
      accountTypeId: 1,
      orgUnitIds: [w.orgUnit.id],
      partyIds: [w.party.id],
    }),
    ...ownData,
  },
  'PUT /api/ach/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      bankName: 'Bravo Bank',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '000999',
      accountTypeId: 1,
      orgUnitIds: [w.orgUnit.id],
      partyIds: [w.party.id],
    }),
    params: (w) => ({ id: w.ach.id }),
  },
  'DELETE /api/ach/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.ach.id }),
  },

  // ── profiles (org units) and connections (parties) ─────────────────────────────────────────
  'GET /api/companyorgunit': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/companyorgunit/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.orgUnit.id }),
  },
  'POST /api/companyorgunit': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Bravo profile', code: 'BRAVO1' }),
    ...ownData,
  },
  'PUT /api/companyorgunit/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Taken over', code: 'TAKEN1' }),
    params: (w) => ({ id: w.orgUnit.id }),
  },
  'DELETE /api/companyorgunit/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.orgUnit.id }),
  },
  'GET /api/party/grid/search': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/party/searchForPartyNetworkMatchesCount': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/party/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },
  'GET /api/party/getByIdWithConnectedOrgUnits/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },
  'GET /api/party/partiesByOrgUnitId/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.orgUnit.id }),
  },
  'GET /api/party/partyTypesByCompanyId/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.a.id }),
  },
  'GET /api/party/{id}/checkAlreadyConnected': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },
  'POST /api/party': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      partyTypeId: 5,
      name: 'Bravo connection',
      number: 'B-1',
      emails: 'ap@bravo.example',
      taxIdentifier: '123456789',
      taxTypeId: 'EIN',
      country: 'US',
      state: 'TX',
      zipCode: '79701',
      companyOrgUnitIds: [w.orgUnit.id],
    }),
    ...ownData,
  },
  'PUT /api/party/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      partyTypeId: 5,
      name: 'Bravo connection',
      number: 'B-1',
      emails: 'ap@bravo.example',
      taxIdentifier: '123456789',
      taxTypeId: 'EIN',
      country: 'US',
      state: 'TX',
      zipCode: '79701',
      companyOrgUnitIds: [w.orgUnit.id],
    }),
    params: (w) => ({ id: w.party.id }),
  },
  'DELETE /api/party/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },
  'GET /api/party/getChatParties': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'PUT /api/party/{id}/invite': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ email: 'invitee@bravo.example' }),
    params: (w) => ({ id: w.unconnectedParty.id }),
  },
  'PUT /api/party/{id}/connect': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.unconnectedParty.id }),
  },
  'PUT /api/party/{id}/connectAndCreateOrgUnit': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Bravo profile 2', code: 'BRAVO2' }),
    params: (w) => ({ id: w.unconnectedParty.id }),
  },
  'PUT /api/party/{id}/reconnect': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },
  'POST /api/party/{id}/disconnect': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.party.id }),
  },

  // ── invitations ────────────────────────────────────────────────────────────────────────────
  'GET /api/invitation/pending': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/invitation/pending/count': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
  },
  'GET /api/invitation/getbyid/{id}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.receivedInvitation.id }),
  },
  'GET /api/invitation/token/{invitationToken}': {
    access: 'public',
    allow: 'anyone',
    apiKey: true,
    params: (w) => ({ invitationToken: w.invitation.token }),
    crossCompany: 'token-holder',
    notes: 'the token is the secret: its holder sees the invitation (spec 2 §7.2)',
  },
  'POST /api/invitation/register/{invitationToken}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ invitationToken: w.invitation.token }),
    crossCompany: 'token-holder',
    notes:
      'binds the mailed invitation to the caller company: any member may (the token is the secret)',
  },
  'POST /api/invitation/onboard/{invitationToken}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ invitationToken: w.invitation.token }),
    crossCompany: 'token-holder',
    notes:
      'sends the mailed invitation back from the caller company: any member (the token is the secret)',
  },
  'POST /api/invitation/accept': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({ invitationId: w.receivedInvitation.id, orgUnitId: w.orgUnit.id }),
  },
  'POST /api/invitation/exchangeAccept/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ name: 'Bravo profile 3', code: 'BRAVO3' }),
    params: (w) => ({ id: w.receivedInvitation.id }),
  },
  'POST /api/invitation/reject/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.receivedInvitation.id }),
  },
  'DELETE /api/invitation/delete/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.invitation.id }),
  },
  'POST /api/invitation/resend': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: (w) => ({
      senderPartyIdOfReceiverCompany: w.unconnectedParty.id,
      receiverEmail: w.invitation.receiverEmail!,
    }),
  },
  'GET /api/invitation/partyIdsOfConnectionsFromSamePartyType': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    notes: 'lists only the caller company’s own connections ([] for another receiver id)',
    query: (w) => ({
      senderCompanyId: String(w.a.id),
      receiverCompanyId: String(w.c.id),
      senderPartyTypeOfReceiverCompany: '5',
    }),
    ...ownData,
  },

  // ── logo, legal documents ──────────────────────────────────────────────────────────────────
  'POST /api/companyImage/upload': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    multipart: () => ({}),
    ...ownData,
  },
  'DELETE /api/companyImage': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'GET /api/logo': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/logo/{companyId}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ companyId: w.a.id }),
  },
  'POST /api/legaldocuments/upload': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    multipart: () => ({
      detailsDto: {
        legalDocumentTypeId: 1,
        privacySettingId: 1,
        isActive: true,
        selectedParties: [],
      },
    }),
    ...ownData,
  },
  'POST /api/legaldocuments/search': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    ...ownData,
    body: () => ({ legalDocumentTypeId: 1 }),
  },
  'GET /api/legaldocuments/shareableParties': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    ...ownData,
  },
  'GET /api/legaldocuments/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.legalDocument.id }),
  },
  'PUT /api/legaldocuments/{id}/details': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    body: () => ({ privacySettingId: 1, isActive: false }),
    params: (w) => ({ id: w.legalDocument.id }),
  },
  'DELETE /api/legaldocuments/{id}': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.legalDocument.id }),
  },
  'GET /api/legaldocuments/{id}/download': {
    access: 'company',
    allow: 'administrators',
    apiKey: true,
    params: (w) => ({ id: w.legalDocument.id }),
  },

  // ── lookups (public reference data) ────────────────────────────────────────────────────────
  'GET /api/servicesLookup/Timezones': lookup,
  'GET /api/servicesLookup/Countries': lookup,
  'GET /api/servicesLookup/AllStates': lookup,
  'GET /api/servicesLookup/AllTaxTypes': lookup,
  'GET /api/servicesLookup/AllStatesByCountry': lookup,
  'GET /api/servicesLookup/AllTaxTypesByCountry': lookup,
  'GET /api/servicesLookup/Locations': lookup,
  'GET /api/servicesLookup/States/{country}': { ...lookup, params: () => ({ country: 'US' }) },
  'GET /api/servicesLookup/TaxTypes/{country}': { ...lookup, params: () => ({ country: 'US' }) },

  // ── signing (a person's own signature and consent) ─────────────────────────────────────────
  'GET /api/usersignatureimage/getSignatureData/{userId}': {
    access: 'user',
    allow: 'any-user',
    apiKey: true,
    params: (w) => ({ userId: w.aPeople.admin.id }),
    notes: "only the caller's own signature; another user's id is 404",
  },
  'POST /api/usersignatureimage': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'PUT /api/usersignatureimage': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'GET /api/esign/consent': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },
  'POST /api/esign/consent': { access: 'user', allow: 'any-user', apiKey: true, ...ownData },

  // ── chat (issue 15) ────────────────────────────────────────────────────────────────────────
  'GET /api/chat/threads': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'GET /api/chat/unreadCount': { access: 'company', allow: 'any-member', apiKey: true, ...ownData },
  'POST /api/chat/messages': {
    access: 'company',
    allow: 'writers',
    apiKey: false,
    body: (w) => ({ recipientCompanyIds: [w.c.id], message: 'hello' }),
    notes: 'API keys and ReadOnly never send (chat/policy.ts)',
    ...ownData,
  },
  'GET /api/chat/threads/{channelUrl}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ channelUrl: w.channelUrl }),
  },
  'DELETE /api/chat/threads/{channelUrl}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ channelUrl: w.channelUrl }),
  },
  'GET /api/chat/threads/{channelUrl}/messages': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ channelUrl: w.channelUrl }),
  },
  'POST /api/chat/threads/{channelUrl}/messages': {
    access: 'company',
    allow: 'writers',
    apiKey: false,
    params: (w) => ({ channelUrl: w.channelUrl }),
    body: () => ({ message: 'hello' }),
  },
  'POST /api/chat/threads/{channelUrl}/files': {
    access: 'company',
    allow: 'writers',
    apiKey: false,
    multipart: () => ({}),
    params: (w) => ({ channelUrl: w.channelUrl }),
  },
  'GET /api/chat/threads/{channelUrl}/files/{messageId}': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ channelUrl: w.channelUrl, messageId: w.chatMessage.id }),
  },
  'POST /api/chat/threads/{channelUrl}/read': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ channelUrl: w.channelUrl }),
  },
  'GET /api/company/{id}/sendBirdSessionToken': {
    access: 'company',
    allow: 'any-member',
    apiKey: true,
    params: (w) => ({ id: w.a.id }),
  },
};
