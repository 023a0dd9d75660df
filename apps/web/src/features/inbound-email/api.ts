import { queryOptions, useQuery } from '@tanstack/react-query';
import { zInboundEmail } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const inboundEmailKeys = { all: ['inbound-email'] as const };

export const inboundEmailQueryOptions = () =>
  queryOptions({
    queryKey: inboundEmailKeys.all,
    queryFn: () => apiRequest('/inbound-email', { schema: zInboundEmail }),
  });

export function useInboundEmail() {
  return useQuery(inboundEmailQueryOptions());
}
