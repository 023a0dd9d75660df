import {
  zBulkApproveResult,
  zBulkAssignResult,
  zBulkHoldResult,
  type BulkAssignInput,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';

/**
 * The Inbox's bulk actions (issue 29 item 5; docs/approvals.md 'Bulk work'). Each answers which
 * documents it did and why each other one was refused.
 */
export interface BulkAnswer {
  done: number[];
  refused: { documentId: number; message: string }[];
}

export type BulkKind = 'approve' | 'hold' | 'assign';

/** The screen posts this many documents at a time, so its progress bar moves. */
export const BULK_SLICE = 5;

export async function runBulk(
  kind: BulkKind,
  documentIds: number[],
  comment: string | null,
  userId: number | null,
): Promise<BulkAnswer> {
  if (kind === 'approve') {
    const r = await apiRequest('/documents/approve', {
      method: 'POST',
      body: { documentIds, comment },
      schema: zBulkApproveResult,
    });
    return { done: r.approved, refused: r.refused };
  }
  if (kind === 'hold') {
    const r = await apiRequest('/documents/hold', {
      method: 'POST',
      body: { documentIds, comment },
      schema: zBulkHoldResult,
    });
    return { done: r.held, refused: r.refused };
  }
  const body: BulkAssignInput = { documentIds, userId: userId ?? 0, comment };
  const r = await apiRequest('/documents/assign', {
    method: 'POST',
    body,
    schema: zBulkAssignResult,
  });
  return { done: r.assigned, refused: r.refused };
}

/** POST /documents/download.zip: the selected documents' PDFs, saved with the browser's download. */
export async function downloadZip(documentIds: number[]) {
  const blob = await apiRequestBlob('/documents/download.zip', {
    method: 'POST',
    body: { documentIds },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `documents-${new Date().toISOString().slice(0, 10)}.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
