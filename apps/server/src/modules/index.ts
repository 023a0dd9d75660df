import { achRoutes } from './ach/routes';
import { adminAuditRoutes } from './admin-audit/routes';
import { apiKeysRoutes } from './api-keys/routes';
import { chatRoutes } from './chat/routes';
import { clientLogsRoutes } from './client-logs/routes';
import { codingRulesRoutes } from './coding-rules/routes';
import { approvalsRoutes } from './approvals/routes';
import { companiesRoutes } from './companies/routes';
import { documentAttachmentsRoutes } from './document-attachments/routes';
import { documentHistoryRoutes } from './document-history/routes';
import { documentListsRoutes } from './document-lists/routes';
import { documentOcrRoutes } from './document-intelligence/ocr-routes';
import { documentSuggestionRoutes } from './document-intelligence/suggestion-routes';
import { documentsRoutes } from './documents/routes';
import { documentTypesRoutes } from './document-types/routes';
import { documentUploadRoutes } from './document-upload/routes';
import { documentWorkflowRoutes } from './document-workflow/routes';
import { downloadsRoutes } from './downloads/routes';
import { featureFlagsRoutes } from './feature-flags/routes';
import { fieldTicketsRoutes } from './field-tickets/routes';
import { healthRoutes } from './health/routes';
import { invitationsRoutes } from './invitations/routes';
import { jobsRoutes } from './jobs/routes';
import { partyActionsRoutes } from './invitations/party-actions';
import { legalDocumentsRoutes } from './legal-documents/routes';
import { lineItemsRoutes } from './line-items/routes';
import { membershipInvitationsRoutes } from './membership-invitations/routes';
import { logoRoutes } from './logo/routes';
import { notificationsRoutes } from './notifications/routes';
import { orgUnitsRoutes } from './org-units/routes';
import { chatPartiesRoutes } from './parties/chat-parties';
import { partiesRoutes } from './parties/routes';
import { priceBooksRoutes } from './price-books/routes';
import { paymentRunsRoutes } from './payment-runs/routes';
import { matchTolerancesRoutes } from './match-tolerances/routes';
import { threeWayMatchRoutes } from './three-way-match/routes';
import { pidxRoutes } from './pidx/routes';
import { inboundEmailRoutes } from './inbound-email/routes';
import { listExportRoutes } from './list-export/routes';
import { otherListExportRoutes } from './list-export/other-routes';
import { listViewsRoutes } from './list-views/routes';
import { erpExportRoutes } from './erp-export/routes';
import { preferencesRoutes } from './preferences/routes';
import { lookupsRoutes } from './lookups/routes';
import { realtimeRoutes } from './realtime/routes';
import { registrationRoutes } from './registration/routes';
import { sessionRoutes } from './session/routes';
import { signingRoutes } from './signing/routes';
import { divisionOrderRoutes } from './division-orders/routes';
import { taxDocumentRoutes } from './tax-documents/routes';
import { terminologyRoutes } from './terminology/routes';
import type { ApiModule } from './types';
import { adminUsersRoutes } from './users/admin-routes';
import { usersRoutes } from './users/routes';

/** Every API module, registered under /api by app.ts. */
export const apiModules: ApiModule[] = [
  healthRoutes,
  usersRoutes,
  sessionRoutes,
  companiesRoutes,
  documentTypesRoutes,
  documentsRoutes,
  documentHistoryRoutes,
  documentListsRoutes,
  documentAttachmentsRoutes,
  documentUploadRoutes,
  pidxRoutes,
  inboundEmailRoutes,
  listExportRoutes,
  otherListExportRoutes,
  listViewsRoutes,
  erpExportRoutes,
  documentWorkflowRoutes,
  lineItemsRoutes,
  codingRulesRoutes,
  priceBooksRoutes,
  fieldTicketsRoutes,
  paymentRunsRoutes,
  matchTolerancesRoutes,
  threeWayMatchRoutes,
  approvalsRoutes,
  downloadsRoutes,
  featureFlagsRoutes,
  clientLogsRoutes,
  notificationsRoutes,
  realtimeRoutes,
  achRoutes,
  orgUnitsRoutes,
  partiesRoutes,
  chatPartiesRoutes,
  chatRoutes,
  invitationsRoutes,
  partyActionsRoutes,
  adminUsersRoutes,
  apiKeysRoutes,
  membershipInvitationsRoutes,
  preferencesRoutes,
  logoRoutes,
  legalDocumentsRoutes,
  lookupsRoutes,
  registrationRoutes,
  terminologyRoutes,
  signingRoutes,
  divisionOrderRoutes,
  taxDocumentRoutes,
  documentOcrRoutes,
  documentSuggestionRoutes,
  jobsRoutes,
  adminAuditRoutes,
];
