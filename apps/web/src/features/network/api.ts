import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCountTolerating404 } from '../../lib/count';

export const networkKeys = {
  all: ['network'] as const,
  matchesCount: () => [...networkKeys.all, 'matches-count'] as const,
};

export function getNetworkMatchesCount() {
  return getCountTolerating404('/party/searchForPartyNetworkMatchesCount');
}

export const networkMatchesCountQueryOptions = () =>
  queryOptions({
    queryKey: networkKeys.matchesCount(),
    queryFn: getNetworkMatchesCount,
    staleTime: 5 * 60_000,
  });

export function useNetworkMatchesCount({ enabled = true }: { enabled?: boolean } = {}): number {
  return useQuery({ ...networkMatchesCountQueryOptions(), enabled }).data ?? 0;
}
