import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zConnectionPage,
  zEarlyPayOffers,
  type EarlyPayOfferInput,
  zPaymentRun,
  zPaymentRunCandidates,
  zPaymentRunList,
  type PaymentRunInput,
} from '@flowline/shared';
import { apiRequest, apiRequestBlob } from '../../lib/api-client';

/** Payment runs and their remittance advice (docs/payment-runs.md). */
export const paymentRunKeys = {
  all: ['payment-runs'] as const,
  list: (side: 'paid' | 'received', page: number, pageSize: number) =>
    ['payment-runs', 'list', side, page, pageSize] as const,
  run: (id: number) => ['payment-runs', 'run', id] as const,
  candidates: (partyId: number) => ['payment-runs', 'candidates', partyId] as const,
  vendors: ['payment-runs', 'vendors'] as const,
  offers: ['payment-runs', 'early-pay-offers'] as const,
};

export const usePaymentRuns = (side: 'paid' | 'received', page: number, pageSize: number) =>
  useQuery({
    queryKey: paymentRunKeys.list(side, page, pageSize),
    queryFn: () =>
      apiRequest('/payment-runs', {
        schema: zPaymentRunList,
        query: { side, page: page + 1, pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const usePaymentRun = (id: number) =>
  useQuery({
    queryKey: paymentRunKeys.run(id),
    queryFn: () => apiRequest(`/payment-runs/${id}`, { schema: zPaymentRun }),
  });

export const usePaymentRunCandidates = (partyId: number | null) =>
  useQuery({
    queryKey: paymentRunKeys.candidates(partyId ?? 0),
    queryFn: () =>
      apiRequest('/payment-runs/candidates', {
        schema: zPaymentRunCandidates,
        query: { partyId: partyId! },
      }),
    enabled: partyId !== null,
  });

/** The company's connected connections: whom it can pay. */
export const usePayableConnections = (enabled: boolean) =>
  useQuery({
    queryKey: paymentRunKeys.vendors,
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

export function useCreatePaymentRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentRunInput) =>
      apiRequest('/payment-runs', { method: 'POST', body: input, schema: zPaymentRun }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: paymentRunKeys.all });
      // The paid invoices change status in every list.
      void client.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}

/** Saves the run's remittance advice (PDF or CSV) with the browser's download. */
export async function downloadRemittance(id: number, format: 'pdf' | 'csv') {
  const blob = await apiRequestBlob(`/payment-runs/${id}/remittance`, { query: { format } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `remittance-PR-${id}.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useEarlyPayOffers = () =>
  useQuery({
    queryKey: paymentRunKeys.offers,
    queryFn: () => apiRequest('/early-pay-offers', { schema: zEarlyPayOffers }),
  });

export function useSaveEarlyPayOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EarlyPayOfferInput) =>
      apiRequest('/early-pay-offers', { method: 'PUT', body: input, schema: zEarlyPayOffers }),
    onSuccess: (offers) => client.setQueryData(paymentRunKeys.offers, offers),
  });
}

export function useRemoveEarlyPayOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (partyId: number) =>
      apiRequest(`/early-pay-offers/${partyId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentRunKeys.offers }),
  });
}
