import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultFeatureFlags, zFeatureFlags, type FeatureFlags } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

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
