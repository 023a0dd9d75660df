import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zFieldTicket,
  zFieldTicketInvoiceResult,
  zFieldTicketList,
  type FieldTicket,
  type FieldTicketCreateInput,
  type FieldTicketSignoffInput,
  type FieldTicketSummary,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * The field tickets API (issue 32 items 2–4; docs/field-tickets.md for the server,
 * docs/field-tickets-offline.md for the phone): the shared schemas of packages/shared.
 */
export type { FieldTicket, FieldTicketSummary };

/** POST /field-tickets: what the phone keeps and sends (its clientId is the dedupe key). */
export type CreateFieldTicketBody = FieldTicketCreateInput;
/** PATCH /field-tickets/{id}: a draft rewritten (the create body without its clientId). */
export type UpdateFieldTicketBody = Omit<CreateFieldTicketBody, 'clientId'>;

/** POST /field-tickets/{id}/signoff. */
export type SignoffBody = FieldTicketSignoffInput & {
  position?: { latitude: number; longitude: number; accuracyMeters: number } | null;
};

export interface FieldTicketListQuery {
  side: 'sent' | 'received';
  status?: string;
  partyId?: number;
  billable?: boolean;
  q?: string;
  page: number;
  pageSize: number;
}

export const fieldTicketKeys = {
  all: ['field-tickets'] as const,
  list: (query: FieldTicketListQuery) => [...fieldTicketKeys.all, 'list', query] as const,
  ticket: (id: number) => [...fieldTicketKeys.all, 'ticket', id] as const,
  billedBy: (invoiceId: number) => [...fieldTicketKeys.all, 'billed-by', invoiceId] as const,
};

/** Options of the queue's calls: its own company, and a 401 reported instead of a redirect. */
interface QueueCallOptions {
  companyId: number;
}

export function createFieldTicket(body: CreateFieldTicketBody, { companyId }: QueueCallOptions) {
  return apiRequest('/field-tickets', {
    method: 'POST',
    body,
    companyId,
    sessionExpiry: 'report',
    schema: zFieldTicket,
  });
}

export function updateFieldTicket(
  documentId: number,
  body: UpdateFieldTicketBody,
  { companyId }: QueueCallOptions,
) {
  return apiRequest(`/field-tickets/${documentId}`, {
    method: 'PATCH',
    body,
    companyId,
    sessionExpiry: 'report',
    schema: zFieldTicket,
  });
}

export function signOffFieldTicket(
  documentId: number,
  body: SignoffBody,
  { companyId }: QueueCallOptions,
) {
  return apiRequest(`/field-tickets/${documentId}/signoff`, {
    method: 'POST',
    body,
    companyId,
    sessionExpiry: 'report',
    schema: zFieldTicket,
  });
}

export function useFieldTicket(documentId: number | null) {
  return useQuery({
    queryKey: fieldTicketKeys.ticket(documentId ?? 0),
    queryFn: () => apiRequest(`/field-tickets/${documentId}`, { schema: zFieldTicket }),
    enabled: documentId !== null,
  });
}

export function useFieldTickets(query: FieldTicketListQuery) {
  return useQuery({
    queryKey: fieldTicketKeys.list(query),
    queryFn: () =>
      apiRequest('/field-tickets', {
        schema: zFieldTicketList,
        query: {
          side: query.side,
          status: query.status || undefined,
          partyId: query.partyId,
          billable: query.billable ? 'true' : undefined,
          q: query.q || undefined,
          page: query.page,
          pageSize: query.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
    // Offline the list is what was last read, with the phone's own tickets above it.
    networkMode: 'always',
    retry: (count, error) => count < 1 && !(error instanceof Error && 'status' in error),
  });
}

export function createInvoiceFromTickets(ticketDocumentIds: number[]) {
  return apiRequest('/field-tickets/invoice', {
    method: 'POST',
    body: { ticketDocumentIds },
    schema: zFieldTicketInvoiceResult,
  });
}

export function useCreateInvoiceFromTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoiceFromTickets,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldTicketKeys.all }),
  });
}

/** The tickets an invoice bills (either side); an empty list for any other document. */
export function useInvoiceFieldTickets(invoiceDocumentId: number, enabled: boolean) {
  return useQuery({
    queryKey: fieldTicketKeys.billedBy(invoiceDocumentId),
    queryFn: () =>
      apiRequest(`/documents/${invoiceDocumentId}/field-tickets`, {
        schema: zFieldTicketList,
      }),
    enabled,
    meta: { silent: true },
  });
}
