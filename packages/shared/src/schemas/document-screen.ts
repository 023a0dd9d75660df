import { z } from 'zod';
import { zIdParam } from './common';

/**
 * Query strings and messages of the document screen calls (spec 1 §7; docs/document-screen.md).
 * Bodies and responses are in schemas/documents.ts.
 */

/** 'true' / 'false' in a query string (anything else is a 400). */
const zQueryFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { message: "Use 'true' or 'false'" })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true'));

/** GET /documents/{id}: the spec's flags. */
export const zDocumentQuery = z.object({
  includeMetadata: zQueryFlag(true),
  /** When given it must be the document's own type. */
  documentTypeId: zIdParam.optional(),
  /** Accepted; related documents (versions) come from GET /documents/{id}/versions. */
  includeRelatedDocuments: zQueryFlag(false),
  /** true also writes a Read history entry (like setDocAsViewed, without marking it read). */
  trackHistory: zQueryFlag(false),
  includeThirdPartyMetadata: zQueryFlag(true),
  /** true marks the document read for this company and writes a Read history entry. */
  setDocAsViewed: zQueryFlag(false),
});
export type DocumentQuery = z.input<typeof zDocumentQuery>;

export const zLookupValuesQuery = z.object({ isThirdParty: zQueryFlag(false) });

export const zHistoryCategory = z.enum(['Edit', 'Workflow', 'Read']);
export const zHistoryQuery = z.object({ category: zHistoryCategory.optional() });

/**
 * POST /documents/{id}/resubmit?newVersion: the id of the temporary replacement document (Replace
 * file); 'true'/'false' or no value keep the current file. Either way a new version is created.
 */
export const zResubmitQuery = z.object({
  newVersion: z
    .union([z.enum(['true', 'false', '']), zIdParam], {
      message: 'newVersion must be the id of the replacement file',
    })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
});

/** Minimum time between two Read history entries of one user for one document. */
export const READ_HISTORY_THROTTLE_MS = 10 * 60 * 1000;

/** Messages of refused document calls (the screen shows error.message as is). */
export const documentScreenMessages = {
  readOnlyRole: 'Your role is read-only',
  notEditable: 'This document is read-only and cannot be edited.',
  alreadySent: 'This document has already been sent.',
  notSendable: 'This document cannot be sent.',
  onlySenderSends: 'Only the company that uploaded this document can send it.',
  notOwner: 'Only the company that sent this document can change it.',
  noReceiver: 'Choose a connection to send this document to.',
  receiverInactive: 'The receiving company is not active on the network.',
  notCancellable: 'Only a document that has not been sent can be cancelled.',
  globalOnlyDelete: 'Only global users can delete documents.',
  notDeletable: 'This document has not been sent: cancel it instead of deleting it.',
  notResubmittable: 'Only a rejected invoice can be resubmitted by its sender.',
  replacementNotFound: 'The replacement file was not found.',
  attachmentNotOwn: 'Only the company that attached a file can delete it.',
  attachmentReadOnly: 'Attachments of a read-only document cannot be deleted.',
  attachmentNotFound: 'Attachment not found',
  tempFileNotFound: 'Temporary file not found',
  historyDetailsNotFound: 'History details not found',
  metadataNotFound: 'Metadata field not found',
  wrongDocumentType: 'documentTypeId is not the type of this document',
  fieldReadOnly: (name: string) => `${name} is read-only`,
  unknownField: (id: number) => `Field ${id} does not belong to this document type`,
  duplicateField: (name: string) => `${name} is given more than once`,
  unknownLookupValue: (name: string) => `${name}: the chosen value does not belong to this field`,
  partyNotFound: (name: string) => `${name}: choose one of your connections`,
  partyWrongType: (name: string) => `${name}: the connection has the wrong type`,
  orgUnitNotAllowed: (name: string) => `${name} must be one of the purchaser's profiles`,
  orgUnitNotFound: (name: string) => `${name}: choose one of your profiles`,
} as const;
