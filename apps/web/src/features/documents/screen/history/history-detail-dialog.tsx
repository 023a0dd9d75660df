import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { HistoryEntry } from '@flowline/shared';
import { useHistoryDetails } from '../api';

/** The details of one history entry (spec 1 §2 history detail dialog): what changed in it. */
export function HistoryDetailDialog({
  documentId,
  entry,
  onClose,
}: {
  documentId: number;
  entry: HistoryEntry | null;
  onClose(): void;
}) {
  const details = useHistoryDetails(entry?.objectId ?? documentId, entry?.id ?? null);
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="history-detail-title"
    >
      <DialogTitle id="history-detail-title">{entry?.operation.label ?? 'History'}</DialogTitle>
      <DialogContent>
        {details.isPending ? (
          <CircularProgress aria-label="Loading details" />
        ) : details.isError ? (
          <Alert severity="error">The details could not be loaded.</Alert>
        ) : details.data.items.length === 0 ? (
          <Alert severity="info">There are no details for this entry.</Alert>
        ) : (
          <Table aria-label="Changes">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>Old value</TableCell>
                <TableCell>New value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {details.data.items.map((item, index) => (
                <TableRow key={`${item.name}-${index}`}>
                  <TableCell>{item.name}</TableCell>
                  <TableCell>{item.oldValue ?? ''}</TableCell>
                  <TableCell>{item.newValue ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
