import { UserType, documentScreenMessages, featureFlagMessages } from '@flowline/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { assertAdministrator, assertCanChangeData } from './policy';

/**
 * Who may call each role-restricted API route, checked in the request-context hook right after
 * authentication — before the body is parsed and validated, so a refused role gets 403 whatever
 * it sends, never a 400 that tells it how to shape the request (issue 28 item 8). The services
 * keep their own checks (deny by default); this table only moves the refusal first. The route
 * matrix (test/security/route-matrix.test.ts) requires it to match route-access.ts for every
 * route whose refusal comes first, and sends each refused role an invalid body.
 * Not listed on purpose: `POST /api/documents/approve` and `/hold` (refuse per item, 200) and
 * `DELETE /api/documents/{id}/deleteTempFile`, `POST /api/documents/{id}/return` (the object's
 * state is checked first).
 */
export type RouteRole = 'writers' | 'administrators' | { allow: 'global-only'; message: string };

const systemNotificationsGlobalOnly = 'Only Flowline support can post system notifications';

export const routeRoles: Record<string, RouteRole> = {
  'GET /api/users/exchange': 'administrators',
  'POST /api/users': 'administrators',
  'GET /api/users/{id}': 'administrators',
  'PUT /api/users/{id}': 'administrators',
  'DELETE /api/users/{id}': 'administrators',
  'GET /api/users/{id}/roles': 'administrators',
  'GET /api/users/{id}/approvallimit': 'administrators',
  'PUT /api/users/{id}/approvallimit': 'administrators',
  'GET /api/approvalpolicies': 'administrators',
  'POST /api/approvals/delegations': 'writers',
  'DELETE /api/approvals/delegations/{id}': 'writers',
  'GET /api/approvals/settings': 'administrators',
  'PUT /api/approvals/settings': 'administrators',
  'POST /api/approvalpolicies': 'administrators',
  'PUT /api/approvalpolicies/{id}': 'administrators',
  'DELETE /api/approvalpolicies/{id}': 'administrators',
  'POST /api/users/{id}/emailaddress': 'administrators',
  'POST /api/users/{id}/block': 'administrators',
  'POST /api/users/{id}/unblock': 'administrators',
  'GET /api/apikeys': 'administrators',
  'POST /api/apikeys': 'administrators',
  'DELETE /api/apikeys/{id}': 'administrators',
  'GET /api/admin/audit': 'administrators',
  'GET /api/exports/users': 'administrators',
  'GET /api/exports/audit': 'administrators',
  'GET /api/inbound-email': 'administrators',
  'POST /api/documents/return/bulk': 'writers',
  'POST /api/documents/assign': 'writers',
  'PUT /api/documents/{id}/signatureField': 'writers',
  'POST /api/division-orders/remind': 'writers',
  'PUT /api/division-orders/settings': 'administrators',
  'GET /api/jobs/failed': 'administrators',
  'POST /api/jobs/{id}/retry': 'administrators',
  'PUT /api/terminology/{terminologyId}': 'administrators',
  'GET /api/admin/featureflags': { allow: 'global-only', message: featureFlagMessages.globalOnly },
  'PUT /api/admin/featureflags/default': {
    allow: 'global-only',
    message: featureFlagMessages.globalOnly,
  },
  'PUT /api/admin/featureflags/{companyId}': {
    allow: 'global-only',
    message: featureFlagMessages.globalOnly,
  },
  'GET /api/admin/featureflags/{companyId}/changes': {
    allow: 'global-only',
    message: featureFlagMessages.globalOnly,
  },
  'POST /api/notifications/system': {
    allow: 'global-only',
    message: systemNotificationsGlobalOnly,
  },
  'POST /api/documentType/detect': 'writers',
  'PUT /api/documents/{id}/metadata': 'writers',
  'PUT /api/documents/{id}/publish': 'writers',
  'POST /api/documents/cancelPublish': 'writers',
  'DELETE /api/documents/{id}': {
    allow: 'global-only',
    message: documentScreenMessages.globalOnlyDelete,
  },
  'POST /api/documents/{id}/resubmit': 'writers',
  'DELETE /api/documentAttachments/{id}': 'writers',
  'POST /api/documents/upload': 'writers',
  'POST /api/pidx/invoices': 'writers',
  'GET /api/exports/ap': 'administrators',
  'POST /api/documents/{id}/approve': 'writers',
  'POST /api/documents/{id}/reject': 'writers',
  'POST /api/documents/{id}/hold': 'writers',
  'POST /api/documents/{id}/releasehold': 'writers',
  'POST /api/documents/{id}/dispute': 'writers',
  'POST /api/payment': 'writers',
  'PUT /api/documents/{id}/lineItems': 'writers',
  'PUT /api/documents/{id}/lineItems/coding': 'writers',
  'GET /api/codingrules': 'administrators',
  'POST /api/codingrules': 'administrators',
  'PUT /api/codingrules/{id}': 'administrators',
  'DELETE /api/codingrules/{id}': 'administrators',
  'POST /api/pricebooks/import': 'writers',
  'POST /api/field-tickets': 'writers',
  'PATCH /api/field-tickets/{documentId}': 'writers',
  'POST /api/field-tickets/{documentId}/signoff': 'writers',
  'POST /api/field-tickets/invoice': 'writers',
  'POST /api/payment-runs': 'writers',
  'PUT /api/early-pay-offers': 'administrators',
  'DELETE /api/early-pay-offers/{partyId}': 'administrators',
  'PUT /api/matchtolerances': 'administrators',
  'GET /api/match/exceptions': 'writers',
  'POST /api/match/exceptions/{documentId}/accept': 'writers',
  'POST /api/autoextraction': 'writers',
  'GET /api/ach': 'administrators',
  'GET /api/ach/availableProfiles': 'administrators',
  'GET /api/ach/availableParties': 'administrators',
  'GET /api/ach/{id}': 'administrators',
  'POST /api/ach': 'administrators',
  'PUT /api/ach/{id}': 'administrators',
  'DELETE /api/ach/{id}': 'administrators',
  'POST /api/companyorgunit': 'administrators',
  'PUT /api/companyorgunit/{id}': 'administrators',
  'DELETE /api/companyorgunit/{id}': 'administrators',
  'POST /api/party': 'administrators',
  'PUT /api/party/{id}': 'administrators',
  'DELETE /api/party/{id}': 'administrators',
  'PUT /api/party/{id}/invite': 'administrators',
  'PUT /api/party/{id}/connect': 'administrators',
  'PUT /api/party/{id}/connectAndCreateOrgUnit': 'administrators',
  'PUT /api/party/{id}/reconnect': 'administrators',
  'POST /api/party/{id}/disconnect': 'administrators',
  'POST /api/invitation/accept': 'administrators',
  'POST /api/invitation/exchangeAccept/{id}': 'administrators',
  'POST /api/invitation/reject/{id}': 'administrators',
  'DELETE /api/invitation/delete/{id}': 'administrators',
  'POST /api/invitation/resend': 'administrators',
  'POST /api/companyImage/upload': 'administrators',
  'DELETE /api/companyImage': 'administrators',
  'POST /api/legaldocuments/upload': 'administrators',
  'GET /api/legaldocuments/shareableParties': 'administrators',
  'GET /api/legaldocuments/{id}': 'administrators',
  'PUT /api/legaldocuments/{id}/details': 'administrators',
  'DELETE /api/legaldocuments/{id}': 'administrators',
  'GET /api/legaldocuments/{id}/download': 'administrators',
  'POST /api/chat/messages': 'writers',
  'POST /api/chat/threads/{channelUrl}/messages': 'writers',
  'POST /api/chat/threads/{channelUrl}/files': 'writers',
};

const keys = new Map<string, string>();

/** 'METHOD /api/path/{param}' of the route the request matched. */
function routeKey(req: FastifyRequest): string {
  const url = req.routeOptions.url ?? '';
  const raw = `${req.method === 'HEAD' ? 'GET' : req.method} ${url}`;
  let key = keys.get(raw);
  if (key === undefined) {
    key = raw.replace(/:(\w+)/g, '{$1}');
    keys.set(raw, key);
  }
  return key;
}

/** Refuses (403) a caller whose role the route does not allow; the tenant is already known. */
export function assertRouteRole(req: FastifyRequest): void {
  const role = routeRoles[routeKey(req)];
  if (!role) return;
  if (typeof role === 'object') {
    if (req.user?.userTypeId !== UserType.Global)
      throw forbidden(role.message, 'global_user_required');
    return;
  }
  if (!req.tenant) return;
  if (role === 'administrators') assertAdministrator(req.tenant);
  else assertCanChangeData(req.tenant);
}
