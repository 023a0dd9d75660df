import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_UPLOAD_TIMEOUT_MS,
  PARTY_PICKER_PAGE_SIZE,
  zConnectionPage,
  zUploadResult,
  type FileUploadData,
} from '@flowline/shared';
import { apiRequest } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/upload';
import { documentListKeys } from '../list/api';

export const sendKeys = {
  all: ['documents', 'send'] as const,
  parties: (query: string) => [...sendKeys.all, 'parties', query] as const,
  party: (id: number) => [...sendKeys.all, 'party', id] as const,
};

/** Send To options: connected connections, page 1 of 100, by name (spec 2 §7.4, §9). */
export function getConnectedParties(query: string) {
  return apiRequest('/party/grid/search', {
    schema: zConnectionPage,
    query: {
      partyStatus: 'connected',
      page: 1,
      itemsPerPage: PARTY_PICKER_PAGE_SIZE,
      orderBy: 'name',
      orderByDirection: 'asc',
      query: query || undefined,
    },
  });
}

export function useConnectedParties(query: string) {
  return useQuery({
    queryKey: sendKeys.parties(query),
    queryFn: () => getConnectedParties(query),
    placeholderData: keepPreviousData,
  });
}

/** The part of GET /party/getByIdWithConnectedOrgUnits/{id} the dialog reads. */
const zPartyOrgUnits = z.object({
  id: z.number().int(),
  name: z.string(),
  connectedOrgUnits: z.record(z.string(), z.string()),
});

/** Bill To options: the connection's connected profiles (id → name). */
export function usePartyWithOrgUnits(id: number | null) {
  return useQuery({
    queryKey: sendKeys.party(id ?? 0),
    queryFn: () =>
      apiRequest(`/party/getByIdWithConnectedOrgUnits/${id}`, {
        schema: zPartyOrgUnits,
      }),
    enabled: id !== null,
  });
}

export class UploadTimeoutError extends Error {
  constructor() {
    super('The upload took too long and was stopped. Please try again.');
  }
}

/**
 * POST /documents/upload: the fileUploadData part first (the server refuses bad details before
 * reading the file), then the file, with progress; stopped after 180 s (spec 3 §9) or by `signal`.
 */
export async function uploadDocument(
  data: FileUploadData,
  file: File,
  { onProgress, signal }: { onProgress(percent: number): void; signal: AbortSignal },
) {
  const form = new FormData();
  form.append('fileUploadData', JSON.stringify(data));
  form.append('file', file, file.name);
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DOCUMENT_UPLOAD_TIMEOUT_MS);
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await uploadForm('/documents/upload', form, {
      schema: zUploadResult,
      onProgress,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new UploadTimeoutError();
    throw error;
  } finally {
    window.clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      data: FileUploadData;
      file: File;
      onProgress(percent: number): void;
      signal: AbortSignal;
    }) => uploadDocument(input.data, input.file, input),
    // The dialog reports failures itself: a cancelled upload is not an error.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentListKeys.all }),
  });
}
