import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zAccountCode,
  zDocumentLineItems,
  zPriceBook,
  zPriceBookSuggestion,
  zProposedLineItems,
  type SaveLineCodingInput,
  type SaveLineItemsInput,
} from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';
import { documentScreenKeys } from '../api';

/**
 * Line items, coding, proposed line items and account codes (docs/line-items.md). Saving
 * invalidates the 'documents' root: the document's `lineItems` and the lists read under it.
 */
export const lineItemKeys = {
  lines: (id: number) => [...documentScreenKeys.document(id), 'line-items'] as const,
  proposed: (id: number) => [...documentScreenKeys.document(id), 'proposed-line-items'] as const,
  /** Outside 'documents': a company's codes do not change with a document. */
  accountCodes: (kind: number, query: string) => ['account-codes', kind, query] as const,
};

export const lineItemsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lineItemKeys.lines(id),
    queryFn: () => apiRequest(`/documents/${id}/lineItems`, { schema: zDocumentLineItems }),
  });

export const useLineItems = (id: number, enabled: boolean) =>
  useQuery({ ...lineItemsQueryOptions(id), enabled });

/** All rows (page 1, -1) with the suggested rows (spec 1 §7). */
export const proposedLineItemsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lineItemKeys.proposed(id),
    queryFn: () =>
      apiRequest(`/documents/${id}/ProposedLineItems/1/-1`, { schema: zProposedLineItems }),
  });

export const useProposedLineItems = (id: number, enabled: boolean) =>
  useQuery({ ...proposedLineItemsQueryOptions(id), enabled });

export const accountCodesQueryOptions = (kind: number, query: string) =>
  queryOptions({
    queryKey: lineItemKeys.accountCodes(kind, query),
    queryFn: () =>
      apiRequest(`/accountcodes/${kind}`, {
        query: { query: query || undefined, limit: 10 },
        schema: z.array(zAccountCode),
      }),
    staleTime: 60_000,
  });

export const useAccountCodes = (kind: number, query: string, enabled: boolean) =>
  useQuery({ ...accountCodesQueryOptions(kind, query), enabled });

function useLinesChange<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true }, // the pane shows the message
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentScreenKeys.all }),
  });
}

export const useSaveLineItems = (id: number) =>
  useLinesChange((body: SaveLineItemsInput) =>
    apiRequest(`/documents/${id}/lineItems`, { method: 'PUT', body, schema: zDocumentLineItems }),
  );

export const useSaveLineCoding = (id: number) =>
  useLinesChange((body: SaveLineCodingInput) =>
    apiRequest(`/documents/${id}/lineItems/coding`, {
      method: 'PUT',
      body,
      schema: zDocumentLineItems,
    }),
  );

/**
 * Whether a price book is shared with the connection (either side's): the Description cell then
 * offers its items. Shares the price books screen's cache.
 */
export const useHasPriceBook = (partyId: number | null) => {
  const books = useQuery({
    queryKey: ['price-books'] as const,
    queryFn: () => apiRequest('/pricebooks', { schema: z.array(zPriceBook) }),
    enabled: partyId !== null,
    meta: { silent: true },
    staleTime: 60_000,
  });
  return partyId !== null && (books.data ?? []).some((b) => b.partyId === partyId);
};

/** Price book items for a line typed for the connection (issue 32 item 1; docs/price-books.md). */
export const usePriceBookTypeahead = (partyId: number | null, query: string, enabled: boolean) =>
  useQuery({
    queryKey: ['price-books', 'typeahead', partyId, query] as const,
    queryFn: () =>
      apiRequest('/pricebooks/typeahead', {
        schema: z.array(zPriceBookSuggestion),
        query: { partyId: partyId ?? 0, query },
      }),
    enabled: enabled && partyId !== null && query.length > 0,
    staleTime: 60_000,
  });
