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
import {
  accountKindNames,
  codingRuleKindNames,
  codingRuleMessages,
  type AccountKindId,
  type CodingRule,
} from '@flowline/shared';
import { ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useCodingRules, useDeleteCodingRule } from './api';
import { CodingRuleDialog } from './coding-rule-dialog';
import { formatMoneyForUser } from '../../lib/money';

function describe(rule: CodingRule): string {
  switch (rule.kind) {
    case 'requiredCoding':
      return `Every line needs ${rule.requiredKinds
        .map((k) => accountKindNames[k as AccountKindId])
        .join(' or ')}`;
    case 'amountLimit':
      return `Total at most ${formatMoneyForUser(rule.limit ?? 0)}${
        rule.autoApprove ? '; approves automatically' : ''
      }`;
    case 'poMatch':
      return rule.poPattern || rule.poValues.length
        ? `PO number ${[rule.poPattern, ...rule.poValues].filter(Boolean).join(', ')}`
        : 'A PO number is present';
  }
}

/**
 * /admin/codingrules (issue 12 item 4; docs/coding-rules.md): the receiving company's coding
 * rules. An invoice that passes every rule that applies to its connection, under an amount limit
 * that approves automatically, is approved without anyone touching it.
 */
export function CodingRulesPage() {
  const rules = useCodingRules();
  const remove = useDeleteCodingRule();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<CodingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CodingRule | null>(null);

  return (
    <>
      <PageHeader
        title="Coding Rules"
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            New rule
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Rules check the invoices you receive when they arrive and whenever their coding is saved. An
        invoice that passes every rule under an amount limit that approves automatically is
        approved, and its history names the rule.
      </Typography>
      {rules.isError && <Alert severity="error">{errorMessage(rules.error)}</Alert>}
      {rules.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : rules.data && rules.data.length === 0 ? (
        <Typography>There are no coding rules yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Coding rules" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Rule</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Checks</TableCell>
                <TableCell>Applies to</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rules.data?.map((rule) => (
                <TableRow key={rule.id}>
                  <TableCell>{rule.name}</TableCell>
                  <TableCell>{codingRuleKindNames[rule.kind]}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {describe(rule)}
                  </TableCell>
                  <TableCell>{rule.partyName ?? 'All connections'}</TableCell>
                  <TableCell>
                    {rule.isActive ? (
                      <Chip size="small" color="success" variant="outlined" label="Active" />
                    ) : (
                      <Chip size="small" label="Inactive" />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(rule)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(rule)}>
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CodingRuleDialog
        open={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete coding rule"
        message={`Delete ${deleting?.name ?? ''} ?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => snackbar.showSuccess(codingRuleMessages.deleted),
            onError: (error) => snackbar.showError(errorMessage(error)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
