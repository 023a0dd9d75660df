import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApprovalPolicy } from '@flowline/shared';
import { ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useApprovalPolicies, useDeleteApprovalPolicy } from './api';
import { ApprovalPolicyDialog } from './approval-policy-dialog';
import { ApprovalSettingsSection } from './approval-settings-section';

function conditions(p: ApprovalPolicy): string {
  if (p.isDefault) return 'Every invoice no other policy matches';
  const parts = [p.partyName ?? 'All connections'];
  if (p.minTotal !== null) parts.push(`from ${formatMoneyForUser(p.minTotal)}`);
  if (p.maxTotal !== null) parts.push(`up to ${formatMoneyForUser(p.maxTotal)}`);
  if (p.codingPrefix) parts.push(`AFE or cost center ${p.codingPrefix}…`);
  if (p.accountCodes.length) parts.push(`account ${p.accountCodes.join(', ')}`);
  return parts.join('; ');
}

function steps(p: ApprovalPolicy): string[] {
  return p.steps.map(
    (s, i) =>
      `${i + 1}. ${s.approverLabel}${s.above === null ? '' : ` (above ${formatMoneyForUser(s.above)})`}`,
  );
}

/**
 * /admin/approvalpolicies (issue 29 item 1; docs/approvals.md): who approves the invoices the
 * company receives, in which order, from which amount. The first matching policy gives an
 * arriving invoice its chain; later edits leave invoices in flight alone.
 */
export function ApprovalPoliciesPage() {
  const policies = useApprovalPolicies();
  const remove = useDeleteApprovalPolicy();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<ApprovalPolicy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApprovalPolicy | null>(null);

  return (
    <>
      <PageHeader
        title="Approval Policies"
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            New policy
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        An invoice that arrives gets the first policy it matches (else the default one) and is
        approved step by step, each step by one of its approvers within their approval limit.
        Without any policy, one approval by any user is enough. Changes apply to invoices that
        arrive afterwards.
      </Typography>
      {policies.isError && <Alert severity="error">{errorMessage(policies.error)}</Alert>}
      {policies.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : policies.data && policies.data.length === 0 ? (
        <Typography>There are no approval policies yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Approval policies" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Applies to</TableCell>
                <TableCell>Steps</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {policies.data?.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    {p.name}
                    {p.isDefault && <Chip size="small" label="Default" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {conditions(p)}
                  </TableCell>
                  <TableCell>
                    {steps(p).map((line) => (
                      <Typography key={line} variant="body2">
                        {line}
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell>
                    {p.isActive ? (
                      <Chip size="small" color="success" variant="outlined" label="Active" />
                    ) : (
                      <Chip size="small" label="Inactive" />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(p)}>
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ApprovalSettingsSection />
      <ApprovalPolicyDialog
        open={editing !== null}
        policy={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete approval policy"
        message={`Delete ${deleting?.name ?? ''}? Invoices already in flight keep their chain.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => snackbar.showSuccess('Approval policy deleted'),
            onError: (error) => snackbar.showError(errorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
