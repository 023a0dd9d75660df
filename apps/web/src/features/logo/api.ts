import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zLogoUploadResult } from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { uploadForm } from '../../lib/upload';

export const logoKeys = {
  all: ['logo'] as const,
  company: (companyId: number) => [...logoKeys.all, companyId] as const,
};

/**
 * The logo as a data: URL, or null when the company has none (204) or is not visible (404). The image needs the bearer
 * token, so an <img src> cannot load it directly; a data: URL needs no revoking, unlike a blob: URL.
 */
export async function getCompanyLogo(companyId: number): Promise<string | null> {
  try {
    const blob = await apiRequestBlob(`/logo/${companyId}`);
    return blob.size === 0 ? null : await blobToDataUrl(blob);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // Chunks keep String.fromCharCode under the engine's argument limit (a logo is a few KB anyway).
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

export const companyLogoQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: logoKeys.company(companyId),
    queryFn: () => getCompanyLogo(companyId),
    staleTime: 5 * 60_000,
    retry: false,
    // A missing or unloadable logo is not worth a snackbar: the company name is shown anyway.
    meta: { silent: true },
  });

export function useCompanyLogo(companyId: number) {
  return useQuery(companyLogoQueryOptions(companyId));
}

export function uploadLogo(file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm('/companyImage/upload', form, { schema: zLogoUploadResult, onProgress });
}

/** Uploads (with progress) and refreshes every logo shown, the top bar's included. */
export function useUploadLogo(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(file, onProgress),
    meta: { silent: true }, // the page shows the reason next to the drop zone
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logoKeys.all }),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/companyImage', { method: 'DELETE' }),
    meta: { silent: true }, // the page shows its own snackbar
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logoKeys.all }),
  });
}
