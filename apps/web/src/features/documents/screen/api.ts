import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zConnectionPage,
  zConnectionWithOrgUnits,
  zDocument,
  zDocumentAttachment,
  zDocumentAvailability,
  zDocumentVersion,
  zHistoryDetails,
  zHistoryEntry,
  zLookupValue,
  zOrgUnitPage,
  zRejectionReason,
  zUploadResult,
  type HistoryCategory,
  type SaveDocumentRequest,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';

/**
 * The document screen's calls (spec 1 §7). Per endpoint a fetcher, a queryOptions factory and a
 * hook; every change invalidates through `documentScreenKeys` (and the lists' 'documents' root).
 */
export const documentScreenKeys = {
  all: ['documents'] as const,
  document: (id: number) => [...documentScreenKeys.all, 'detail', id] as const,
  history: (id: number, category: HistoryCategory | null) =>
    [...documentScreenKeys.document(id), 'history', category ?? 'all'] as const,
  historyDetails: (objectId: number, historyId: number) =>
    [...documentScreenKeys.all, 'history-details', objectId, historyId] as const,
  rejectionReason: (id: number) =>
    [...documentScreenKeys.document(id), 'rejection-reason'] as const,
  versions: (id: number) => [...documentScreenKeys.document(id), 'versions'] as const,
  attachments: (id: number) => [...documentScreenKeys.document(id), 'attachments'] as const,
  /** Outside `all`: saving metadata must not download the file again. */
  file: (path: string) => ['document-files', path] as const,
  lookupValues: (definitionId: number, thirdParty: boolean) =>
    ['metadata', definitionId, 'lookup-values', thirdParty] as const,
  parties: (partyTypeId: number | null, query: string) =>
    ['connections', 'document-picker', partyTypeId, query] as const,
  partyOrgUnits: (partyId: number) => ['connections', 'with-org-units', partyId] as const,
  orgUnits: () => ['org-units', 'document-picker'] as const,
};

// ---- The document ------------------------------------------------------------------------------

/** Opening a document marks it read (spec 1 §4), hence setDocAsViewed. */
export function getDocument(id: number) {
  return apiRequest(`/documents/${id}`, {
    schema: zDocument,
    query: {
      includeMetadata: true,
      includeRelatedDocuments: true,
      trackHistory: false,
      includeThirdPartyMetadata: true,
      setDocAsViewed: true,
    },
  });
}

export const documentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentScreenKeys.document(id),
    queryFn: () => getDocument(id),
    // A missing or foreign document is a 404: the screen says so instead of a snackbar.
    meta: { silent: true },
    retry: false,
  });

export function useDocument(id: number) {
  return useQuery(documentQueryOptions(id));
}

export function getDocumentAvailability(id: number) {
  return apiRequest(`/documents/${id}/available`, { schema: zDocumentAvailability });
}

/** Asked when a document is a 404: whether a newer version of it is open to the company. */
export function useDocumentAvailability(id: number) {
  return useQuery({
    queryKey: [...documentScreenKeys.document(id), 'availability'],
    queryFn: () => getDocumentAvailability(id),
    retry: false,
  });
}

export function saveDocumentMetadata(id: number, body: SaveDocumentRequest) {
  return apiRequest(`/documents/${id}/metadata`, { method: 'PUT', body, schema: zDocument });
}

/** Saves the values, then sends (spec 1 §4 Send). */
export function publishDocument(id: number, body: SaveDocumentRequest) {
  return apiRequest(`/documents/${id}/publish`, { method: 'PUT', body, schema: zDocument });
}

export function cancelPublish(ids: number[]) {
  return apiRequest('/documents/cancelPublish', { method: 'POST', body: { ids } });
}

export function deleteDocument(id: number) {
  return apiRequest(`/documents/${id}`, { method: 'DELETE' });
}

/** Every document change refreshes the document, its panels and every document list. */
function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentScreenKeys.all });
}

export function useSaveDocumentMetadata(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (body: SaveDocumentRequest) => saveDocumentMetadata(id, body),
    meta: { silent: true }, // the form shows field errors and the message itself
    onSuccess: (saved) => {
      queryClient.setQueryData(documentScreenKeys.document(id), saved);
      return invalidate();
    },
  });
}

export function usePublishDocument(id: number) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (body: SaveDocumentRequest) => publishDocument(id, body),
    meta: { silent: true }, // spec 1 §8: error.message as an error toast, shown by the screen
    onSuccess: invalidate,
  });
}

export function useCancelPublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelPublish([id]),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentScreenKeys.document(id) });
      return queryClient.invalidateQueries({ queryKey: documentScreenKeys.all });
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: documentScreenKeys.document(id) });
      return queryClient.invalidateQueries({ queryKey: documentScreenKeys.all });
    },
  });
}

// ---- Files (bearer + Company-Id, never a bare URL) -------------------------------------------

export const documentFilePath = (id: number) => `/documents/${id}/file/1`;
export const documentPdfPath = (id: number) => `/download/${id}/pdf`;
export const documentDownloadPath = (id: number) => `/download/${id}`;
export const attachmentDownloadPath = (id: number) => `/download/attachment/${id}`;
/** The preview's fetch: the server logs it as 'Viewed', not 'Downloaded'. */
export const attachmentPreviewPath = (id: number) => `/download/attachment/${id}?inline=true`;

export const fileQueryOptions = (path: string) =>
  queryOptions({
    queryKey: documentScreenKeys.file(path),
    queryFn: () => apiRequestBlob(path),
    staleTime: Infinity,
    gcTime: 60_000,
    meta: { silent: true }, // the viewer shows its own error
  });

export function useFileBlob(path: string | null) {
  return useQuery({ ...fileQueryOptions(path ?? ''), enabled: path !== null });
}

/** Downloads with the auth headers and hands the file to the browser. */
export async function downloadFile(path: string, fileName: string) {
  const blob = await apiRequestBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- History ---------------------------------------------------------------------------------

export function getHistory(id: number, category: HistoryCategory | null) {
  return apiRequest(`/history/document/${id}`, {
    schema: z.array(zHistoryEntry),
    query: { category: category ?? undefined },
  });
}

export const historyQueryOptions = (id: number, category: HistoryCategory | null) =>
  queryOptions({
    queryKey: documentScreenKeys.history(id, category),
    queryFn: () => getHistory(id, category),
  });

export function useHistory(id: number, category: HistoryCategory | null) {
  return useQuery(historyQueryOptions(id, category));
}

export const historyDetailsQueryOptions = (objectId: number, historyId: number) =>
  queryOptions({
    queryKey: documentScreenKeys.historyDetails(objectId, historyId),
    queryFn: () =>
      apiRequest(`/history/${objectId}/details/${historyId}`, { schema: zHistoryDetails }),
  });

export function useHistoryDetails(objectId: number, historyId: number | null) {
  return useQuery({
    ...historyDetailsQueryOptions(objectId, historyId ?? 0),
    enabled: historyId !== null,
  });
}

export const rejectionReasonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentScreenKeys.rejectionReason(id),
    queryFn: () =>
      apiRequest(`/history/document/${id}/rejectionReason`, { schema: zRejectionReason }),
  });

export function useRejectionReason(id: number, enabled: boolean) {
  return useQuery({ ...rejectionReasonQueryOptions(id), enabled });
}

export const disputeCommentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...documentScreenKeys.rejectionReason(id), 'dispute'] as const,
    queryFn: () =>
      apiRequest(`/history/document/${id}/disputeComment`, { schema: zRejectionReason }),
  });

export function useDisputeComment(id: number, enabled: boolean) {
  return useQuery({ ...disputeCommentQueryOptions(id), enabled });
}

// ---- Versions --------------------------------------------------------------------------------

export const versionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentScreenKeys.versions(id),
    queryFn: () => apiRequest(`/documents/${id}/versions`, { schema: z.array(zDocumentVersion) }),
  });

export function useVersions(id: number) {
  return useQuery(versionsQueryOptions(id));
}

// ---- Attachments -----------------------------------------------------------------------------

export const attachmentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentScreenKeys.attachments(id),
    queryFn: () =>
      apiRequest(`/documentAttachments/document/${id}`, { schema: z.array(zDocumentAttachment) }),
  });

export function useAttachments(id: number) {
  return useQuery(attachmentsQueryOptions(id));
}

/** The fileUploadData part goes first so the server can refuse it before reading the file. */
export function uploadAttachment(
  documentId: number,
  file: File,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('fileUploadData', JSON.stringify({ documentId, isAttachment: true }));
  form.append('file', file, file.name);
  return uploadForm('/documents/upload', form, { schema: zUploadResult, onProgress });
}

export function useUploadAttachment(documentId: number, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(documentId, file, onProgress),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: documentScreenKeys.document(documentId) }),
  });
}

export function useDeleteAttachment(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) =>
      apiRequest(`/documentAttachments/${attachmentId}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: documentScreenKeys.document(documentId) }),
  });
}

// ---- What the metadata fields pick from ------------------------------------------------------

export const lookupValuesQueryOptions = (definitionId: number, thirdParty: boolean) =>
  queryOptions({
    queryKey: documentScreenKeys.lookupValues(definitionId, thirdParty),
    queryFn: () =>
      apiRequest(`/metadata/${definitionId}/lookupvalues`, {
        schema: z.array(zLookupValue),
        query: { isThirdParty: thirdParty ? true : undefined },
      }),
    staleTime: 5 * 60_000,
  });

export function useLookupValues(definitionId: number, thirdParty: boolean, enabled: boolean) {
  return useQuery({ ...lookupValuesQueryOptions(definitionId, thirdParty), enabled });
}

/** Connected connections of one party type (all types when null), searched by name. */
export const partyOptionsQueryOptions = (partyTypeId: number | null, query: string) =>
  queryOptions({
    queryKey: documentScreenKeys.parties(partyTypeId, query),
    queryFn: () =>
      apiRequest('/party/grid/search', {
        schema: zConnectionPage,
        query: {
          partyStatus: 'connected',
          partyTypeId: partyTypeId ?? undefined,
          query: query || undefined,
          page: 1,
          itemsPerPage: 100,
          orderBy: 'name',
          orderByDirection: 'asc',
        },
      }),
  });

export function usePartyOptions(partyTypeId: number | null, query: string, enabled: boolean) {
  return useQuery({ ...partyOptionsQueryOptions(partyTypeId, query), enabled });
}

/** The purchaser's connected org units (AR invoice purchaser rule, spec 1 §4). */
export const partyOrgUnitsQueryOptions = (partyId: number) =>
  queryOptions({
    queryKey: documentScreenKeys.partyOrgUnits(partyId),
    queryFn: () =>
      apiRequest(`/party/getByIdWithConnectedOrgUnits/${partyId}`, {
        schema: zConnectionWithOrgUnits,
      }),
  });

export function usePartyOrgUnits(partyId: number | null) {
  return useQuery({ ...partyOrgUnitsQueryOptions(partyId ?? 0), enabled: partyId !== null });
}

/** The company's active profiles (org units), default page size 10000 (spec 1 §9). */
export const orgUnitOptionsQueryOptions = () =>
  queryOptions({
    queryKey: documentScreenKeys.orgUnits(),
    queryFn: () =>
      apiRequest('/companyorgunit', {
        schema: zOrgUnitPage,
        query: { isActive: true, page: 1, pageSize: 10000 },
      }),
    staleTime: 60_000,
  });

export function useOrgUnitOptions(enabled: boolean) {
  return useQuery({ ...orgUnitOptionsQueryOptions(), enabled });
}
