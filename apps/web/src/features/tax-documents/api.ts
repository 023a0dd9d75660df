import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { zTaxDocumentPage, zTaxYears } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** The owner's 'Tax documents' (issue 31 item 5; docs/signing.md "Tax documents"). */
export const taxDocumentKeys = {
  all: ['tax-documents'] as const,
  years: ['tax-documents', 'years'] as const,
  year: (year: number) => ['tax-documents', 'year', year] as const,
};

/** A year's documents are read this many at a time ('Show more' reads the next ones). */
export const TAX_DOCUMENTS_PAGE = 50;

export function useTaxYears() {
  return useQuery({
    queryKey: taxDocumentKeys.years,
    queryFn: () => apiRequest('/tax-documents/years', { schema: zTaxYears }),
  });
}

export function useTaxYear(year: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: taxDocumentKeys.year(year),
    queryFn: ({ pageParam }) =>
      apiRequest('/tax-documents', {
        schema: zTaxDocumentPage,
        query: { year, page: pageParam, pageSize: TAX_DOCUMENTS_PAGE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * TAX_DOCUMENTS_PAGE < last.totalRecords ? pages.length + 1 : undefined,
    enabled,
  });
}
