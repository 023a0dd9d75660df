import { useQuery } from '@tanstack/react-query';
import type { ConnectionListRow } from '@flowline/shared';
import { getConnectedParties } from '../documents/send/api';

export interface OperatorOption {
  /** The connection's party row (the create body's partyId). */
  partyId: number;
  name: string;
}

const storageKey = (companyId: number) => `flowline.fieldTickets.operators.${companyId}`;

function stored(companyId: number): OperatorOption[] | undefined {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(companyId)) ?? 'null');
    return Array.isArray(value) ? (value as OperatorOption[]) : undefined;
  } catch {
    return undefined;
  }
}

const toOption = (row: ConnectionListRow): OperatorOption => ({
  partyId: row.id,
  name: row.connectedCompanyName ?? row.name,
});

/**
 * The operators a ticket can be written for: the company's connected connections. The last list
 * read is kept on the phone, so a ticket can be started at a wellsite without a network.
 */
export function useOperators(companyId: number) {
  return useQuery({
    queryKey: ['field-tickets', 'operators', companyId] as const,
    queryFn: async () => {
      try {
        const page = await getConnectedParties('');
        const options = page.items.map(toOption);
        try {
          window.localStorage.setItem(storageKey(companyId), JSON.stringify(options));
        } catch {
          // No storage: the list is read again next time.
        }
        return options;
      } catch (error) {
        const kept = stored(companyId);
        if (kept) return kept;
        throw error;
      }
    },
    initialData: () => stored(companyId),
    initialDataUpdatedAt: 0,
    networkMode: 'always',
    retry: false,
    meta: { silent: true },
  });
}
