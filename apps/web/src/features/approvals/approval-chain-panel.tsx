import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isInvoiceDocument, type DocumentApprovals, type DocumentDto } from '@flowline/shared';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useDocumentApprovals } from './api';

/** Whether the receiver's screen reads this document's approval chain. */
export const hasApprovalChain = (doc: DocumentDto) =>
  doc.side === 'received' && isInvoiceDocument(doc.documentTypeTemplateId, doc.documentTypeId);

/**
 * The receiver's approval chain on the document screen (issue 29; docs/approvals.md): each step,
 * who may approve it, who approved it when and with which comment. Shown for invoices that were
 * given a policy's chain; a single approval by any user needs no panel.
 */
export function ApprovalChainPanel({ doc }: { doc: DocumentDto }) {
  const approvals = useDocumentApprovals(doc.id, hasApprovalChain(doc));
  if (!hasApprovalChain(doc) || approvals.isPending) return null;
  if (approvals.isError) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {errorMessage(approvals.error)}
      </Alert>
    );
  }
  if (!approvals.data.hasPolicy) return null;
  return <ChainSteps approvals={approvals.data} />;
}

export function ChainSteps({ approvals }: { approvals: DocumentApprovals }) {
  const { formatDateTime } = useDateFormatter();
  return (
    <Paper variant="outlined" component="section" aria-label="Approval chain" sx={{ mb: 2, p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h2">
          Approval chain
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {approvals.policyName} (as it was when the invoice arrived)
        </Typography>
      </Box>
      {approvals.awaiting && (
        <Typography variant="body2" sx={{ mt: 1 }} role="status">
          {approvals.awaiting}
        </Typography>
      )}
      <List dense disablePadding>
        {approvals.steps.map((step) => {
          const a = step.approval;
          const done = a
            ? a.byRule
              ? `Approved automatically by rule "${a.byRule}" on ${formatDateTime(a.at)}`
              : `Approved by ${a.userName} on ${formatDateTime(a.at)}`
            : 'Waiting';
          return (
            <ListItem key={step.number} disableGutters alignItems="flex-start">
              <Chip
                size="small"
                sx={{ mr: 1, mt: 0.5 }}
                color={a ? 'success' : 'default'}
                variant={a ? 'filled' : 'outlined'}
                label={`Step ${step.number}`}
              />
              <ListItemText
                primary={step.approverLabel}
                secondary={
                  <>
                    {done}
                    {a?.comment && (
                      <Box component="span" sx={{ display: 'block', fontStyle: 'italic' }}>
                        “{a.comment}”
                      </Box>
                    )}
                    {step.assigned && (
                      <Box component="span" sx={{ display: 'block' }}>
                        {`Assigned to ${step.assigned.userName} by ${step.assigned.byName} on ${formatDateTime(step.assigned.at)}`}
                        {step.assigned.comment ? `: “${step.assigned.comment}”` : ''}
                      </Box>
                    )}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
