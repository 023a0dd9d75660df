import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zFailedJobList, zRetriedJob } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

export const jobKeys = { failed: ['jobs', 'failed'] as const };

export const failedJobsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.failed,
    queryFn: () => apiRequest('/jobs/failed?pageSize=200', { schema: zFailedJobList }),
  });

export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/jobs/${id}/retry`, { method: 'POST', schema: zRetriedJob }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.failed }),
  });
}
