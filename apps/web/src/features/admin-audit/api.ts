import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { zAdminAuditPage, type AdminAuditQuery } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const adminAuditKeys = {
  all: ['admin-audit'] as const,
  list: (query: AdminAuditQuery) => [...adminAuditKeys.all, query] as const,
};

export function getAdminAuditPage(query: AdminAuditQuery) {
  return apiRequest('/admin/audit', { schema: zAdminAuditPage, query: { ...query } });
}

export const adminAuditQueryOptions = (query: AdminAuditQuery) =>
  queryOptions({
    queryKey: adminAuditKeys.list(query),
    queryFn: () => getAdminAuditPage(query),
    placeholderData: keepPreviousData,
  });

export function useAdminAuditPage(query: AdminAuditQuery) {
  return useQuery(adminAuditQueryOptions(query));
}
