import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  zAdminUserPage,
  zApprovalLimit,
  zApprovalPolicy,
  zDocumentApprovals,
  type ApprovalPolicyInput,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/** Approval policies, limits and an invoice's chain (issue 29; docs/approvals.md). */
export const approvalKeys = {
  policies: ['approval-policies'] as const,
  users: ['approval-policies', 'users'] as const,
  limit: (userId: number) => ['approval-limit', userId] as const,
  /** Under the documents root, so every document change refreshes the chain too. */
  document: (documentId: number) => ['documents', 'detail', documentId, 'approvals'] as const,
};

export const approvalPoliciesQueryOptions = () =>
  queryOptions({
    queryKey: approvalKeys.policies,
    queryFn: () => apiRequest('/approvalpolicies', { schema: z.array(zApprovalPolicy) }),
  });

export const useApprovalPolicies = () => useQuery(approvalPoliciesQueryOptions());

/** The company's active users, the approvers a step can name. */
export const useApproverChoices = (enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.users,
    queryFn: () =>
      apiRequest('/users/exchange', {
        schema: zAdminUserPage,
        query: { page: 1, pageSize: 1000, isActive: 'true', orderBy: 'lastName' },
      }),
    enabled,
  });

function usePoliciesChange<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true }, // the form shows the message
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.policies }),
  });
}

export const useSaveApprovalPolicy = () =>
  usePoliciesChange(({ id, input }: { id: number | null; input: ApprovalPolicyInput }) =>
    id === null
      ? apiRequest('/approvalpolicies', { method: 'POST', body: input, schema: zApprovalPolicy })
      : apiRequest(`/approvalpolicies/${id}`, {
          method: 'PUT',
          body: input,
          schema: zApprovalPolicy,
        }),
  );

export const useDeleteApprovalPolicy = () =>
  usePoliciesChange((id: number) => apiRequest(`/approvalpolicies/${id}`, { method: 'DELETE' }));

export const useDocumentApprovals = (documentId: number, enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.document(documentId),
    queryFn: () => apiRequest(`/documents/${documentId}/approvals`, { schema: zDocumentApprovals }),
    enabled,
    meta: { silent: true }, // the panel shows its own error
  });

export const useApprovalLimit = (userId: number | null) =>
  useQuery({
    queryKey: approvalKeys.limit(userId ?? 0),
    queryFn: () => apiRequest(`/users/${userId}/approvallimit`, { schema: zApprovalLimit }),
    enabled: userId !== null,
    meta: { silent: true }, // without it the section is simply not shown
  });

export const useSaveApprovalLimit = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approvalLimit: string) =>
      apiRequest(`/users/${userId}/approvallimit`, {
        method: 'PUT',
        body: { approvalLimit },
        schema: zApprovalLimit,
      }),
    meta: { silent: true },
    onSuccess: (data) => queryClient.setQueryData(approvalKeys.limit(userId), data),
  });
};
