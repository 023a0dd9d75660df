import { z } from 'zod';
import { MAX_ID, zId } from './common';
import { RouteStatus, type RouteStatusId } from '../ids';
import { zLineItemRow } from './line-item-rows';
import { zDocumentExtraction } from './document-extraction';
import { zListViewQuery } from './list-views';
import { zReturnKind, type ReturnKind } from './document-results';

/**
 * Document contracts shared by the server routes and the SPA (spec 3 §3, §7; spec 1 §3, §7;
 * docs/documents.md). Response shapes the spec leaves open are ours.
 */

// ---- Constants (spec 1 §9, spec 3 §9) -------------------------------------------------------

export const DOCUMENT_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
export const DOCUMENT_UPLOAD_TIMEOUT_MS = 180_000;
export const DOCUMENT_LIST_PAGE_SIZES = [25, 50, 75, 100] as const;
/** 'all' in a document list is sent as this page size. */
export const DOCUMENT_LIST_ALL_PAGE_SIZE = 100_000;
export const SEARCH_RESULT_PAGE_SIZES = [25, 50, 75, 100, 500] as const;
export const PARTY_PICKER_PAGE_SIZE = 100;
export const PARTY_PICKER_DEBOUNCE_MS = 150;
export const PARTY_PICKER_FOCUS_DELAY_MS = 300;
export const TYPEAHEAD_LIMIT = 10;
export const VIEWER_ZOOM = { start: 1.5, step: 0.25, min: 0.5, max: 4 } as const;
export const AUTO_EXTRACTED_HIGHLIGHT_MS = 2000;
export const CLICK_TO_FILL_HIGHLIGHT_MS = 1500;

export const documentMessages = {
  fileRequired: 'Please select a file to send',
  tooLarge: 'The file is larger than the 500 MB limit.',
  wrongType: 'Only PDF, PNG, JPEG and TIFF files can be uploaded.',
  attachmentWrongType:
    'Attachments can be PDF, PNG, JPEG, TIFF, Word (doc, docx), Excel (xls, xlsx) or CSV files.',
  documentSent: 'Document Sent',
  noLongerAvailable: 'The document is no longer available',
  notFound: 'Document not found',
  deleteConfirm: 'Delete selected document ?',
  cancelSendConfirm: 'Cancel sending of this document?',
  partyNotConnected: 'Documents can only be sent to a connected connection.',
} as const;

// ---- Route statuses (spec 3 §4) -------------------------------------------------------------

export type StatusColour = 'blue' | 'green' | 'red';

export const routeStatusNames: Record<RouteStatusId, string> = {
  1: 'Sent',
  2: 'Received',
  3: 'Approved',
  4: 'Paid',
  5: 'Rejected',
  6: 'Resubmitted',
  7: 'New',
  8: 'Pending',
  9: 'Returned',
  10: 'Viewed',
  11: 'On hold',
  12: 'Disputed',
};

export function routeStatusColour(id: number | null | undefined): StatusColour {
  const status = id ?? RouteStatus.New;
  if (status === RouteStatus.Rejected || status === RouteStatus.Disputed) return 'red';
  if (
    status === RouteStatus.Approved ||
    status === RouteStatus.Paid ||
    status === RouteStatus.Viewed
  ) {
    return 'green';
  }
  return 'blue';
}

/** A missing status is displayed as New. */
export function routeStatusName(id: number | null | undefined): string {
  return routeStatusNames[(id ?? RouteStatus.New) as RouteStatusId] ?? 'New';
}

/**
 * The status as a list shows it: the route status's name, except that a Returned document says
 * how it was returned ('Returned signed' / 'Returned unsigned') when that is known.
 */
export function routeStatusLabel(
  id: number | null | undefined,
  returnKind?: ReturnKind | null,
): string {
  if (id === RouteStatus.Returned && returnKind) return `Returned ${returnKind}`;
  return routeStatusName(id);
}

// ---- Document types with their metadata definitions -----------------------------------------

export const zMetadataDefinition = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  isReadonly: z.boolean(),
  isDocumentProperty: z.boolean(),
  isDollarTotal: z.boolean(),
  isMultiple: z.boolean(),
  isThirdParty: z.boolean(),
  isRequired: z.boolean(),
  sortOrder: z.number().int(),
  listColumnOrder: z.number().int().nullable(),
  metadataType: z.object({ id: z.number().int(), name: z.string() }),
});
export type MetadataDefinition = z.infer<typeof zMetadataDefinition>;

export const zLookupValue = z.object({ id: z.number().int(), lookupValue: z.string() });
export type LookupValue = z.infer<typeof zLookupValue>;

// ---- Upload (spec 3 §3 upload metadata, spec 1 §7) ------------------------------------------

/** The `fileUploadData` multipart part: either a new document, or an attachment to one. */
export const zFileUploadData = z.object({
  batchName: z.string().trim().max(100).optional(),
  userId: z.number().int().optional(),
  folderId: z.number().int().optional(),
  numberOfDocuments: z.number().int().optional(),
  returnBeforeOcr: z.boolean().optional(),
  receivingPartyId: zId.optional(),
  receivingCompanyId: zId.optional(),
  ReceivingCompanyName: z.string().optional(),
  documentTypeId: zId.optional(),
  /** Bill To: a profile (org unit) of the receiving company (ours; spec 3 §2 Send dialog). */
  billToOrgUnitId: zId.optional(),
  documentId: zId.optional(),
  isAttachment: z.boolean().optional(),
  /**
   * Replace file (spec 1 §4): a temporary replacement of the rejected document `documentId`,
   * used by POST /documents/{id}/resubmit?newVersion={its id}. Ours.
   */
  isTemporary: z.boolean().optional(),
});
export type FileUploadData = z.infer<typeof zFileUploadData>;

export const zUploadResult = z.object({
  batchName: z.string().nullable(),
  documentIds: z.array(z.number().int()),
  /** Set when the upload was an attachment. */
  attachmentId: z.number().int().optional(),
  /** What the uploader should know about the reading, e.g. the page cap (issue 28 item 2). */
  notice: z.string().optional(),
});
export type UploadResult = z.infer<typeof zUploadResult>;

// ---- Lists: document route lists, search results, inbox (spec 3 §3 document row) ------------

export const zSortDirection = z.enum(['asc', 'desc']);

/** Query of /documentroute/all/{documentTypeId} and the other route lists. */
export const zDocumentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(DOCUMENT_LIST_ALL_PAGE_SIZE).default(25),
  /** 'id', 'routeStatusId', 'counterparty' or a metadata key of the type. */
  orderBy: z.string().max(100).default('id'),
  orderByDirection: zSortDirection.default('desc'),
  query: z.string().trim().max(200).optional(),
  documentRouteStatusId: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  /** Only Returned documents that came back signed / unsigned (issue 27 item 9). */
  returnKind: zReturnKind.optional(),
  /** Saved views (issue 30 item 6): the columns to show and the filters, type lists only. */
  ...zListViewQuery.shape,
});
export type DocumentListQuery = z.input<typeof zDocumentListQuery>;

export const zSearchRequest = z.object({
  querySearchTerm: z.string().trim().min(1, 'Required').max(200),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(25),
});
export type SearchRequest = z.input<typeof zSearchRequest>;

export const zTypeaheadSuggestion = z.object({
  documentId: z.number().int(),
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
  /** What the suggestion shows: doc number or the best-matching value, with the type name. */
  text: z.string(),
});
export type TypeaheadSuggestion = z.infer<typeof zTypeaheadSuggestion>;

// ---- The document (spec 1 §3) ---------------------------------------------------------------

export const zDocumentParty = z.object({ id: z.number().int(), name: z.string() });

export const zDocumentMetadataEntry = z.object({
  metadata: zMetadataDefinition,
  value: z.string().nullable(),
  highlight: z.boolean(),
  autoExtracted: z.boolean(),
  allowedValues: z.array(zLookupValue).nullable(),
  lookupValue: zLookupValue.nullable(),
  party: zDocumentParty.nullable(),
});
export type DocumentMetadataEntry = z.infer<typeof zDocumentMetadataEntry>;

/** What the caller may do with the document (packages/shared rules/documents.ts). */
export const zDocumentActions = z.object({
  cancel: z.boolean(),
  delete: z.boolean(),
  close: z.boolean(),
  send: z.boolean(),
  returnSign: z.boolean(),
  resubmit: z.boolean(),
  replaceFile: z.boolean(),
  edit: z.boolean(),
  uploadAttachment: z.boolean(),
  deleteAttachment: z.boolean(),
});

export const zPossibleDuplicate = z.object({
  documentId: z.number().int(),
  number: z.string().nullable(),
  sentAt: z.string(),
  reason: z.enum(['sameFile', 'sameNumber']),
});
export type PossibleDuplicate = z.infer<typeof zPossibleDuplicate>;

export const zDocument = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  documentTypeName: z.string(),
  documentTypeTemplateId: z.number().int(),
  lineItemsEnabled: z.boolean(),
  routeStatusId: z.number().int().nullable(),
  routeStatus: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** This company's side of the document. */
  side: z.enum(['sent', 'received']),
  isRead: z.boolean(),
  ownerCompanyId: z.number().int(),
  counterparty: z
    .object({
      companyId: z.number().int().nullable(),
      companyName: z.string().nullable(),
      partyId: z.number().int().nullable(),
      /** The connection's name as this company knows it. */
      partyName: z.string().nullable(),
    })
    .nullable(),
  fileName: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
  batchName: z.string().nullable(),
  versionRootId: z.number().int(),
  previousVersionId: z.number().int().nullable(),
  metadata: z.array(zDocumentMetadataEntry),
  documentSignatures: z.array(
    z.object({
      imageAsBase64: z.string(),
      userId: z.number().int(),
      area: z.string(),
      page: z.number().int(),
    }),
  ),
  /** The lines with this company's coding (receiving side), in order (docs/line-items.md). */
  lineItems: z.array(zLineItemRow),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Computed for the caller by the shared rule (read-only rule, action availability). */
  isReadOnly: z.boolean(),
  /** A pending division order on the receiving side: Return (sign) instead of Send. */
  isSignAndReturnFlow: z.boolean(),
  availableActions: zDocumentActions,
  /** The receiver's workflow (rules/document-workflow.ts): Approve, Reject, add a payment. */
  workflowActions: z.object({
    approve: z.boolean(),
    reject: z.boolean(),
    recordPayment: z.boolean(),
    /** Issue 29 item 2: Put on hold, Release hold, Dispute. */
    hold: z.boolean(),
    releaseHold: z.boolean(),
    dispute: z.boolean(),
  }),
  /** The Payments tab (spec 1 §2: AR invoice types only). */
  hasPayments: z.boolean(),
  /** Invoices this one looks like (same file or invoice number, same sender and receiver). */
  possibleDuplicates: z.array(zPossibleDuplicate),
  /** Reading the pages (text layer / OCR, issue 14); null for documents never read. */
  extraction: zDocumentExtraction.nullable(),
});
export type DocumentDto = z.infer<typeof zDocument>;

// ---- Document screen calls (spec 1 §7; bodies the spec leaves open are ours) ----------------

/** PUT /documents/{id}/metadata and the body of PUT /documents/{id}/publish: values by field id. */
export const zMetadataValueInput = z.object({
  metadataDefinitionId: zId,
  value: z.string().max(4000).nullable(),
  lookupValueId: zId.nullable().optional(),
  partyId: zId.nullable().optional(),
  /** OrgUnit fields: the chosen profile (the value stored is its name). */
  orgUnitId: zId.nullable().optional(),
});
export type MetadataValueInput = z.infer<typeof zMetadataValueInput>;

export const zSaveDocumentRequest = z.object({
  metadata: z.array(zMetadataValueInput).max(500),
  /** Publish only: send although it looks like an invoice already sent (issue 12 item 7). */
  confirmDuplicate: z.boolean().optional(),
});
export type SaveDocumentRequest = z.infer<typeof zSaveDocumentRequest>;

export const zCancelPublishRequest = z.object({
  ids: z.array(zId).min(1).max(500),
});

export const zHistoryEntry = z.object({
  id: z.number().int(),
  operation: z.object({
    id: z.number().int(),
    name: z.string(),
    label: z.string(),
    categories: z.array(z.enum(['Edit', 'Workflow', 'Read'])),
  }),
  objectId: z.number().int(),
  objectName: z.string().nullable(),
  objectType: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  rowNumber: z.number().int().nullable(),
  updateUser: z.string().nullable(),
  updateDate: z.string(),
  hasHistoryDetails: z.boolean(),
  metadataTypeId: z.number().int().nullable(),
  /** What a workflow entry adds to its label, e.g. 'Reason: Wrong rate' (issue 27 items 8, 12). */
  summary: z.string().nullable().optional(),
});
export type HistoryEntry = z.infer<typeof zHistoryEntry>;

export const zHistoryDetails = z.object({
  historyId: z.number().int(),
  items: z.array(
    z.object({
      name: z.string(),
      oldValue: z.string().nullable(),
      newValue: z.string().nullable(),
    }),
  ),
});
export type HistoryDetails = z.infer<typeof zHistoryDetails>;

export const zRejectionReason = z.object({ reason: z.string().nullable() });
/**
 * GET /history/document/{id}/returnReason: the decline's words ('Not my property', 'Other: …')
 * and its code (issue 31 item 3; null for returns made before reasons had codes).
 */
export const zReturnReason = zRejectionReason.extend({
  declineReason: z.string().nullable(),
});
export type ReturnReasonDto = z.infer<typeof zReturnReason>;

export const zDocumentVersion = z.object({
  id: z.number().int(),
  latestVersionDocId: z.number().int(),
  updateDate: z.string(),
  versionNumber: z.number().int(),
  fileName: z.string(),
});
export type DocumentVersion = z.infer<typeof zDocumentVersion>;

export const zDocumentAttachment = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
  /** False for the other company's attachments and on read-only documents. */
  canDelete: z.boolean(),
});
export type DocumentAttachment = z.infer<typeof zDocumentAttachment>;
