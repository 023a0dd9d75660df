import { z } from 'zod';
import { zIdParam } from './common';

/**
 * POST /documents/upload and GET /batch/getdocumentids beyond the contracts in documents.ts
 * (docs/document-upload-and-files.md).
 */

export const documentUploadMessages = {
  fileUploadDataRequired: 'The upload details (fileUploadData) are missing or not valid.',
  oneFileExpected: 'Send exactly one file in the "file" field.',
  documentTypeRequired: 'Choose the document type.',
  unknownDocumentType: 'This document type does not exist.',
  receiverRequired: 'Choose the connection to send to.',
  partyNotFound: 'Connection not found',
  billToNeedsReceiver: 'Bill To needs a connection to send to.',
  billToInvalid: 'Bill To must be a profile the receiving company uses for this connection.',
  attachmentNeedsDocument: 'An attachment needs the document it belongs to.',
  documentIdNeedsAttachment:
    'documentId is only used for attachments (isAttachment: true) and replacements (isTemporary: true).',
  replacementNeedsDocument: 'A replacement file needs the document it replaces.',
  readOnlyDocument: 'Attachments cannot be added to a read-only document.',
  globalUser: 'Global users cannot upload documents.',
  vendorsOnly: 'Only vendor companies can send AR invoices.',
  ownBatchesOnly: 'You can only list the documents of your own batches.',
} as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The generated batch name of spec 3 §4: 'Uploaded-[MM/DD/YYYY HH:mm:ss.ms]' (24-hour clock,
 * milliseconds with three digits). Local time by default (the SPA); the server passes utc.
 */
export function formatBatchName(at: Date = new Date(), opts: { utc?: boolean } = {}): string {
  const utc = opts.utc ?? false;
  const y = utc ? at.getUTCFullYear() : at.getFullYear();
  const mo = (utc ? at.getUTCMonth() : at.getMonth()) + 1;
  const d = utc ? at.getUTCDate() : at.getDate();
  const h = utc ? at.getUTCHours() : at.getHours();
  const mi = utc ? at.getUTCMinutes() : at.getMinutes();
  const s = utc ? at.getUTCSeconds() : at.getSeconds();
  const ms = utc ? at.getUTCMilliseconds() : at.getMilliseconds();
  return `Uploaded-[${pad(mo)}/${pad(d)}/${pad(y, 4)} ${pad(h)}:${pad(mi)}:${pad(s)}.${pad(ms, 3)}]`;
}

/** GET /batch/getdocumentids?batchName&userId → the ids, ascending. */
export const zBatchDocumentIdsQuery = z.object({
  batchName: z.string().trim().min(1, 'Required').max(100),
  userId: zIdParam,
});
export type BatchDocumentIdsQuery = z.infer<typeof zBatchDocumentIdsQuery>;
export const zBatchDocumentIds = z.array(z.number().int());
