import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  zApprovalDelegateChoices,
  zApprovalDelegation,
  zApprovalDelegationList,
  zApprovalSettings,
  type ApprovalDelegationInput,
  type ApprovalSettings,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { documentListKeys } from '../documents/list';

/** 'Out of office' delegations and the reminder/escalation setting (issue 29 item 3). */
export const assignmentKeys = {
  delegates: ['approvals', 'delegates'] as const,
  delegations: ['approvals', 'delegations'] as const,
  settings: ['approvals', 'settings'] as const,
};

export const useDelegateChoices = (enabled: boolean) =>
  useQuery({
    queryKey: assignmentKeys.delegates,
    queryFn: () => apiRequest('/approvals/delegates', { schema: zApprovalDelegateChoices }),
    enabled,
  });

export const delegationsQueryOptions = () =>
  queryOptions({
    queryKey: assignmentKeys.delegations,
    queryFn: () => apiRequest('/approvals/delegations', { schema: zApprovalDelegationList }),
  });

export const useDelegations = () => useQuery(delegationsQueryOptions());

/** A delegation changes what 'My approvals' holds: the lists and counts are asked again. */
function useDelegationChange<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true }, // the dialog shows the message
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.delegations }),
        queryClient.invalidateQueries({ queryKey: documentListKeys.all }),
      ]),
  });
}

export const useCreateDelegation = () =>
  useDelegationChange((input: ApprovalDelegationInput) =>
    apiRequest('/approvals/delegations', {
      method: 'POST',
      body: input,
      schema: zApprovalDelegation,
    }),
  );

export const useDeleteDelegation = () =>
  useDelegationChange((id: number) =>
    apiRequest(`/approvals/delegations/${id}`, { method: 'DELETE' }),
  );

export const useApprovalSettings = () =>
  useQuery({
    queryKey: assignmentKeys.settings,
    queryFn: () => apiRequest('/approvals/settings', { schema: zApprovalSettings }),
  });

export const useSaveApprovalSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ApprovalSettings) =>
      apiRequest('/approvals/settings', {
        method: 'PUT',
        body: settings,
        schema: zApprovalSettings,
      }),
    meta: { silent: true },
    onSuccess: (data) => queryClient.setQueryData(assignmentKeys.settings, data),
  });
};
