import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zDocument, zPaymentList, zUploadResult, type PaymentInput } from '@flowline/shared';
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

export const useApproveDocument = () =>
  useDocumentsChange((id: number) =>
    apiRequest(`/documents/${id}/approve`, { method: 'POST', schema: zDocument }),
  );

export const useRejectDocument = () =>
  useDocumentsChange(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(`/documents/${id}/reject`, { method: 'POST', body: { reason }, schema: zDocument }),
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

export const useResubmit = () =>
  useDocumentsChange(({ id, replacementId }: { id: number; replacementId: number | null }) =>
    apiRequest(`/documents/${id}/resubmit`, {
      method: 'POST',
      query: { newVersion: replacementId ?? undefined },
      schema: zDocument,
    }),
  );

export const useDeleteTempFile = () =>
  useDocumentsChange((id: number) =>
    apiRequest(`/documents/${id}/deleteTempFile`, { method: 'DELETE' }),
  );
