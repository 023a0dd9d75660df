import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zConnectionPage,
  zPriceBook,
  zPriceBookImportResult,
  zPriceBookItemPage,
  zPriceBookRowError,
  zPriceBookVersion,
  type PriceBookImportOptions,
  type PriceBookRowError,
} from '@flowline/shared';
import { apiRequestBlob, apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { uploadForm } from '../../lib/upload';

/** Price books (docs/price-books.md): list, versions, items, import, exports. */
export const priceBookKeys = {
  all: ['price-books'] as const,
  versions: (bookId: number) => ['price-books', bookId, 'versions'] as const,
  items: (versionId: number, page: number, pageSize: number, query: string) =>
    ['price-books', 'version', versionId, page, pageSize, query] as const,
  connections: ['price-books', 'connections'] as const,
};

export const usePriceBooks = () =>
  useQuery({
    queryKey: priceBookKeys.all,
    queryFn: () => apiRequest('/pricebooks', { schema: z.array(zPriceBook) }),
  });

export const usePriceBookVersions = (bookId: number | null) =>
  useQuery({
    queryKey: priceBookKeys.versions(bookId ?? 0),
    queryFn: () =>
      apiRequest(`/pricebooks/${bookId}/versions`, { schema: z.array(zPriceBookVersion) }),
    enabled: bookId !== null,
  });

export const usePriceBookItems = (
  versionId: number | null,
  page: number,
  pageSize: number,
  query: string,
) =>
  useQuery({
    queryKey: priceBookKeys.items(versionId ?? 0, page, pageSize, query),
    queryFn: () =>
      apiRequest(`/pricebooks/versions/${versionId}/items`, {
        schema: zPriceBookItemPage,
        query: { page, pageSize, query },
      }),
    enabled: versionId !== null,
    placeholderData: keepPreviousData,
  });

/** The company's connected connections: who a book can be published to. */
export const useConnectedConnections = (enabled: boolean) =>
  useQuery({
    queryKey: priceBookKeys.connections,
    queryFn: () =>
      apiRequest('/party/grid/search', {
        schema: zConnectionPage,
        query: {
          partyStatus: 'connected',
          page: 1,
          itemsPerPage: 500,
          orderBy: 'name',
          orderByDirection: 'asc',
        },
      }),
    enabled,
  });

/** An import refused for its rows: every bad row with its line and reason. */
export class RowsRefused extends Error {
  constructor(
    message: string,
    readonly rows: PriceBookRowError[],
  ) {
    super(message);
  }
}

export function useImportPriceBook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true }, // the dialog shows the outcome
    mutationFn: async ({
      options,
      file,
      onProgress,
    }: {
      options: PriceBookImportOptions;
      file: File;
      onProgress: (percent: number) => void;
    }) => {
      const form = new FormData();
      form.append('options', JSON.stringify(options));
      form.append('file', file);
      try {
        return await uploadForm('/pricebooks/import', form, {
          schema: zPriceBookImportResult,
          onProgress,
        });
      } catch (error) {
        const rows = isApiError(error, 400)
          ? z.array(zPriceBookRowError).safeParse(error.details?.rows)
          : null;
        if (rows?.success)
          throw new RowsRefused(error instanceof Error ? error.message : '', rows.data);
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookKeys.all }),
  });
}

/** Saves a file the API answers (template, export) under its name. */
export async function downloadFile(path: string, fileName: string) {
  const blob = await apiRequestBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
