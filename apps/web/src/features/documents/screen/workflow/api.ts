import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zDocument,
  zPaymentList,
  zUploadResult,
  type PaymentInput,
  type ResubmitRequest,
} from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';
import { uploadForm } from '../../../../lib/upload';
import { documentScreenKeys } from '../api';

/**
 * The receiver's workflow and the sender's Replace file / Resubmit (issue 12; docs/document-
 * workflow.md). Every change invalidates the 'documents' root: the screen, lists, counts and the
 * dashboard all read under it.
 */
export const paymentKeys = {
  list: (documentId: number) => [...documentScreenKeys.document(documentId), 'payments'] as const,
};

function useDocumentsChange<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentScreenKeys.all }),
  });
}

/** Approves the waiting step of the invoice's approval chain (the last one: Approved). */
export const useApproveDocument = () =>
  useDocumentsChange(({ id, comment }: { id: number; comment: string | null }) =>
    apiRequest(`/documents/${id}/approve`, {
      method: 'POST',
      body: comment ? { comment } : {},
      schema: zDocument,
    }),
  );

export const useRejectDocument = () =>
  useDocumentsChange(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(`/documents/${id}/reject`, { method: 'POST', body: { reason }, schema: zDocument }),
  );

/** Put on hold (issue 29 item 2): internal to the receiver, an optional comment. */
export const useHoldDocument = () =>
  useDocumentsChange(({ id, comment }: { id: number; comment: string | null }) =>
    apiRequest(`/documents/${id}/hold`, {
      method: 'POST',
      body: comment ? { comment } : {},
      schema: zDocument,
    }),
  );

export const useReleaseHold = () =>
  useDocumentsChange((id: number) =>
    apiRequest(`/documents/${id}/releasehold`, { method: 'POST', schema: zDocument }),
  );

/** Dispute: the comment is required and the sender reads it. */
export const useDisputeDocument = () =>
  useDocumentsChange(({ id, comment }: { id: number; comment: string }) =>
    apiRequest(`/documents/${id}/dispute`, {
      method: 'POST',
      body: { comment },
      schema: zDocument,
    }),
  );

export const paymentsQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: paymentKeys.list(documentId),
    queryFn: () => apiRequest('/payment', { query: { documentId }, schema: zPaymentList }),
  });

export function usePayments(documentId: number) {
  return useQuery(paymentsQueryOptions(documentId));
}

export const useAddPayment = () =>
  useDocumentsChange((input: PaymentInput) =>
    apiRequest('/payment', { method: 'POST', body: input, schema: zPaymentList }),
  );

/** Replace file: the upload becomes a temporary replacement of the rejected document. */
export function uploadReplacement(
  documentId: number,
  file: File,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('fileUploadData', JSON.stringify({ documentId, isTemporary: true }));
  form.append('file', file, file.name);
  return uploadForm('/documents/upload', form, { schema: zUploadResult, onProgress });
}

/**
 * Resubmit in one step (issue 27 item 5): the corrections (changed fields, the lines when they
 * changed) and the replacement file go with it; the server sends the new version at once.
 */
export const useResubmit = () =>
  useDocumentsChange(
    ({
      id,
      replacementId,
      ...body
    }: { id: number; replacementId: number | null } & ResubmitRequest) =>
      apiRequest(`/documents/${id}/resubmit`, {
        method: 'POST',
        query: { newVersion: replacementId ?? undefined },
        body,
        schema: zDocument,
      }),
  );

export const useDeleteTempFile = () =>
  useDocumentsChange((id: number) =>
    apiRequest(`/documents/${id}/deleteTempFile`, { method: 'DELETE' }),
  );
