import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zDocument,
  zEsignConsent,
  zEvidenceVerification,
  zReturnReason,
  zUserSignature,
  type ReturnDocumentInput,
} from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';
import { isApiError } from '../../../../lib/api-error';
import { documentScreenKeys } from '../api';

/** Division-order signing calls (issue 13; packages/shared/src/schemas/signing.ts). */
export const signingKeys = {
  storedSignature: (userId: number) => ['user-signature', userId] as const,
  consent: () => ['esign-consent'] as const,
  evidence: (documentId: number) =>
    [...documentScreenKeys.document(documentId), 'evidence'] as const,
};

export const certificatePath = (documentId: number) => `/documents/${documentId}/certificate`;

/** The user's own stored signature, or null when there is none yet (the server answers 404). */
export const storedSignatureQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: signingKeys.storedSignature(userId),
    queryFn: async () => {
      try {
        return await apiRequest(`/usersignatureimage/getSignatureData/${userId}`, {
          schema: zUserSignature,
        });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    meta: { silent: true },
  });

export function useStoredSignature(userId: number, enabled: boolean) {
  return useQuery({ ...storedSignatureQueryOptions(userId), enabled });
}

export const consentQueryOptions = () =>
  queryOptions({
    queryKey: signingKeys.consent(),
    queryFn: () => apiRequest('/esign/consent', { schema: zEsignConsent }),
  });

export function useEsignConsent(enabled: boolean) {
  return useQuery({ ...consentQueryOptions(), enabled });
}

export function useAgreeToConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) =>
      apiRequest('/esign/consent', { method: 'POST', body: { version }, schema: zEsignConsent }),
    meta: { silent: true },
    onSuccess: (consent) => queryClient.setQueryData(signingKeys.consent(), consent),
  });
}

/** Answers the returned document: for a signed return, the new version. */
export function useReturnDocument(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnDocumentInput) =>
      apiRequest(`/documents/${documentId}/return`, {
        method: 'POST',
        body,
        schema: zDocument,
      }),
    meta: { silent: true },
    onSuccess: (returned, body) => {
      queryClient.setQueryData(documentScreenKeys.document(returned.id), returned);
      if (body.signed) void queryClient.invalidateQueries({ queryKey: ['user-signature'] });
      // A signed return replaces the document by a new version: the screen moves to the new id.
      // The old id stays readable as 'Version 1' (read-only now), so its cached state is marked
      // stale without a refetch while the screen leaves it; opening it again reads it afresh.
      const replaced = documentScreenKeys.document(documentId);
      void queryClient.invalidateQueries({
        queryKey: documentScreenKeys.all,
        predicate: (query) =>
          returned.id === documentId || !replaced.every((part, i) => query.queryKey[i] === part),
      });
      if (returned.id !== documentId) {
        void queryClient.invalidateQueries({ queryKey: replaced, refetchType: 'none' });
      }
    },
  });
}

/** The reason given with a Return unsigned (null when none was); both companies may read it. */
export const returnReasonQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: [...documentScreenKeys.document(documentId), 'return-reason'] as const,
    queryFn: () =>
      apiRequest(`/history/document/${documentId}/returnReason`, { schema: zReturnReason }),
  });

export function useReturnReason(documentId: number, enabled: boolean) {
  return useQuery({ ...returnReasonQueryOptions(documentId), enabled });
}

export function useVerifyEvidence(documentId: number) {
  return useMutation({
    mutationKey: signingKeys.evidence(documentId),
    mutationFn: () =>
      apiRequest(`/documents/${documentId}/evidence/verify`, { schema: zEvidenceVerification }),
    meta: { silent: true },
  });
}
