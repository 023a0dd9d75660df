import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  SHAREABLE_PARTIES_PAGE_SIZE,
  zLegalDocument,
  zLegalDocumentPage,
  zShareablePartyPage,
  type LegalDocumentDetailsUpdate,
  type LegalDocumentSearch,
  type LegalDocumentUploadDetails,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';
import { uploadForm } from '../../lib/upload';

export const legalDocumentKeys = {
  all: ['legal-documents'] as const,
  lists: () => [...legalDocumentKeys.all, 'list'] as const,
  list: (search: LegalDocumentSearch) => [...legalDocumentKeys.lists(), search] as const,
  detail: (id: number) => [...legalDocumentKeys.all, 'detail', id] as const,
  parties: (query: string) => [...legalDocumentKeys.all, 'parties', query] as const,
};

export function searchLegalDocuments(search: LegalDocumentSearch) {
  return apiRequest('/legaldocuments/search', {
    method: 'POST',
    body: search,
    schema: zLegalDocumentPage,
  });
}

export const legalDocumentListQueryOptions = (search: LegalDocumentSearch) =>
  queryOptions({
    queryKey: legalDocumentKeys.list(search),
    queryFn: () => searchLegalDocuments(search),
    placeholderData: keepPreviousData,
  });

export function useLegalDocumentList(search: LegalDocumentSearch, enabled = true) {
  return useQuery({ ...legalDocumentListQueryOptions(search), enabled });
}

export const legalDocumentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: legalDocumentKeys.detail(id),
    queryFn: () => apiRequest(`/legaldocuments/${id}`, { schema: zLegalDocument }),
  });

export function useLegalDocument(id: number | null) {
  return useQuery({ ...legalDocumentQueryOptions(id ?? 0), enabled: id !== null });
}

/** Connected connections to share with, 100 per page (spec 3 §9), filtered by name. */
export function useShareableParties(query: string, enabled: boolean) {
  return useQuery({
    queryKey: legalDocumentKeys.parties(query),
    queryFn: () =>
      apiRequest('/legaldocuments/shareableParties', {
        schema: zShareablePartyPage,
        query: { query: query || undefined, page: 1, pageSize: SHAREABLE_PARTIES_PAGE_SIZE },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The details part goes first so the server can refuse bad details before reading the file. */
export function uploadLegalDocument(
  details: LegalDocumentUploadDetails,
  file: File,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('detailsDto', JSON.stringify(details));
  form.append('file', file, file.name);
  return uploadForm('/legaldocuments/upload', form, { schema: zLegalDocument, onProgress });
}

export function updateLegalDocumentDetails(id: number, details: LegalDocumentDetailsUpdate) {
  return apiRequest(`/legaldocuments/${id}/details`, {
    method: 'PUT',
    body: details,
    schema: zLegalDocument,
  });
}

export function deleteLegalDocument(id: number) {
  return apiRequest(`/legaldocuments/${id}`, { method: 'DELETE' });
}

/** Downloads with the bearer token (spec 3 §7) and hands the file to the browser. */
export async function downloadLegalDocument(id: number, fileName: string) {
  const blob = await apiRequestBlob(`/legaldocuments/${id}/download`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every change refreshes every list and detail of legal documents. */
function useInvalidateLegalDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: legalDocumentKeys.all });
}

export function useUploadLegalDocument(onProgress: (percent: number) => void) {
  const invalidate = useInvalidateLegalDocuments();
  return useMutation({
    mutationFn: (input: { details: LegalDocumentUploadDetails; file: File }) =>
      uploadLegalDocument(input.details, input.file, onProgress),
    // The form answers failures with the spec's messages (spec 3 §8), not the raw server text.
    meta: { silent: true },
    onSettled: invalidate,
  });
}

export function useUpdateLegalDocument(id: number) {
  const invalidate = useInvalidateLegalDocuments();
  return useMutation({
    mutationFn: (details: LegalDocumentDetailsUpdate) => updateLegalDocumentDetails(id, details),
    meta: { silent: true }, // the form shows the failure itself
    onSuccess: invalidate,
  });
}

export function useDeleteLegalDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLegalDocument(id),
    meta: { silent: true }, // the form shows the failure itself
    // Only the lists are refreshed. The open form still observes the deleted document: removing
    // or invalidating it here would fetch it again and get a 404 before the form goes back to the
    // list. Once nothing shows it, it leaves the cache like any unused query.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalDocumentKeys.lists() }),
  });
}
