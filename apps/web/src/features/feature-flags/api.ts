import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  defaultFeatureFlags,
  zCompanyFeatureFlags,
  zCompanyFeatureFlagsList,
  zFeatureFlags,
  type FeatureFlags,
  type SetFeatureFlagInput,
} from '@flowline/shared';
import { apiRequest, getApiCompanyId } from '../../lib/api-client';

export const featureFlagKeys = { all: ['feature-flags'] as const };

export function getFeatureFlags() {
  return apiRequest('/featureflags', { schema: zFeatureFlags });
}

export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: featureFlagKeys.all,
    queryFn: getFeatureFlags,
    staleTime: Infinity,
    // All flags default off (spec 2 §9): a failure means defaults, not an error message.
    meta: { silent: true },
  });

/** The company's flags; defaults until (or unless) the server answers. */
export function useFeatureFlags(): FeatureFlags {
  return useQuery(featureFlagsQueryOptions()).data ?? defaultFeatureFlags;
}

export const featureFlagAdminKeys = {
  all: ['feature-flags', 'admin'] as const,
  list: (search: string, page: number, pageSize: number) =>
    [...featureFlagAdminKeys.all, { search, page, pageSize }] as const,
};

/** The admin screen's page of companies with their flags (Global users only). */
export function useCompanyFeatureFlags(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: featureFlagAdminKeys.list(search, page, pageSize),
    queryFn: () =>
      apiRequest('/admin/featureflags', {
        query: { search: search || undefined, page, pageSize },
        schema: zCompanyFeatureFlagsList,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetCompanyFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, ...body }: SetFeatureFlagInput & { companyId: number }) =>
      apiRequest(`/admin/featureflags/${companyId}`, {
        method: 'PUT',
        body,
        schema: zCompanyFeatureFlags,
      }),
    onSuccess: async (_row, { companyId }) => {
      await queryClient.invalidateQueries({ queryKey: featureFlagAdminKeys.all });
      // The Global user's own company follows at once too.
      if (companyId === getApiCompanyId())
        await queryClient.invalidateQueries({ queryKey: featureFlagKeys.all, exact: true });
    },
  });
}
