import { useId, useState } from 'react';
import { BulkProgress } from './bulk-progress';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import {
  declineMessages,
  signingMessages,
  type BulkReturnItem,
  type ResultColumn,
  type ResultRow,
} from '@flowline/shared';
import { errorMessage } from '../../../lib/api-error';
import { useDateFormatter } from '../../preferences';
import {
  DeclineReasonFields,
  declineChoiceError,
  emptyDeclineChoice,
  type DeclineChoice,
} from '../screen/signing/decline-reason-fields';
import { BULK_SIGNING_SLICE, documentListKeys, signInBulk } from './api';
import { formatMetadataValue } from './format-value';

const reviewKeys = ['docPropertyName', 'docWellName', 'docDecimalInterest', 'docEffectiveDate'];

export interface BulkDeclineDialogProps {
  rows: ResultRow[];
  columns: ResultColumn[];
  onClose(): void;
}

/**
 * Issue 31 item 3: 'Decline selected' — one reason for the selected pending division orders, each
 * declined as if alone; posted in slices so the bar moves, each order's result listed.
 */
export function BulkDeclineDialog({ rows, columns, onClose }: BulkDeclineDialogProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const dates = useDateFormatter();
  const [choice, setChoice] = useState<DeclineChoice>(emptyDeclineChoice);
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<BulkReturnItem[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const finished = results !== null && results.length === rows.length && !running;

  const reviewColumns = reviewKeys
    .map((key) => columns.findIndex((c) => c.key === key))
    .filter((index) => index >= 0);
  const resultOf = (id: number) => results?.find((r) => r.id === id);

  const decline = async () => {
    setTried(true);
    const errors = declineChoiceError(choice);
    if (errors.code || errors.details || choice.code === null) return;
    setRunning(true);
    setFailure(null);
    setResults([]);
    try {
      const ids = rows.map((r) => r.id);
      for (let i = 0; i < ids.length; i += BULK_SIGNING_SLICE) {
        const answer = await signInBulk({
          ids: ids.slice(i, i + BULK_SIGNING_SLICE),
          signed: false,
          declineReason: choice.code,
          reason: choice.details.trim() || null,
        });
        setResults((before) => [...(before ?? []), ...answer.results]);
      }
    } catch (caught) {
      setFailure(caught);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: documentListKeys.all });
    }
  };

  const declined = results?.filter((r) => r.ok).length ?? 0;
  const refused = (results?.length ?? 0) - declined;

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{declineMessages.bulkTitle(rows.length)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{declineMessages.confirm}</DialogContentText>
          <List
            dense
            aria-label="Division orders to decline"
            sx={{ maxHeight: 220, overflow: 'auto' }}
          >
            {rows.map((row) => {
              const result = resultOf(row.id);
              const details = reviewColumns
                .map((index) => {
                  const column = columns[index]!;
                  const value = formatMetadataValue(
                    row.values[index] ?? null,
                    column.metadataType.id,
                    dates,
                    column.key,
                  );
                  return value ? `${column.name}: ${value}` : null;
                })
                .filter(Boolean)
                .join(' · ');
              return (
                <ListItem key={row.id} divider>
                  <ListItemText
                    primary={details || `Division order #${row.id}`}
                    secondary={
                      result
                        ? result.ok
                          ? signingMessages.returnedUnsigned
                          : `Not declined: ${result.error?.message ?? ''}`
                        : null
                    }
                    slotProps={{
                      secondary: { color: result && !result.ok ? 'error' : 'success.main' },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
          {results !== null && (
            <BulkProgress
              done={results.length}
              total={rows.length}
              finished={finished}
              progress={declineMessages.bulkProgress(results.length, rows.length)}
              summary={declineMessages.bulkSummary(declined, refused)}
            />
          )}
          {!finished && (
            <Box>
              <DeclineReasonFields
                value={choice}
                onChange={setChoice}
                showErrors={tried}
                disabled={running}
              />
            </Box>
          )}
          {failure !== null && <Alert severity="error">{errorMessage(failure)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {finished ? 'Close' : 'Cancel'}
        </Button>
        {!finished && (
          <Button
            variant="contained"
            color="error"
            onClick={() => void decline()}
            disabled={running}
          >
            {`${declineMessages.action} ${rows.length}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
