import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zSignatureFieldAnswer, type SignatureFieldInput } from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';
import { documentScreenKeys } from '../api';

/** A pending division order's signature field (issue 31 item 1; docs/signing.md). */
export const signatureFieldKey = (documentId: number) =>
  [...documentScreenKeys.document(documentId), 'signature-field'] as const;

export const signatureFieldQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: signatureFieldKey(documentId),
    queryFn: () =>
      apiRequest(`/documents/${documentId}/signatureField`, { schema: zSignatureFieldAnswer }),
    // Without a field the owner drags as before: a failed read is no reason for a message.
    meta: { silent: true },
  });

export function useSignatureField(documentId: number, enabled: boolean) {
  return useQuery({ ...signatureFieldQueryOptions(documentId), enabled });
}

/** The operator's box: replaces the field (found or drawn before). */
export function useSaveSignatureField(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignatureFieldInput) =>
      apiRequest(`/documents/${documentId}/signatureField`, {
        method: 'PUT',
        body,
        schema: zSignatureFieldAnswer,
      }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(signatureFieldKey(documentId), answer),
  });
}
