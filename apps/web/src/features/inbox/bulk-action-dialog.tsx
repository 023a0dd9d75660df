import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_DOWNLOAD_MAX, type InboxItem } from '@flowline/shared';
import { errorMessage } from '../../lib/api-error';
import { useDelegateChoices } from '../approvals/assignment-api';
import { BulkProgress, documentListKeys } from '../documents/list';
import { BULK_SLICE, downloadZip, runBulk, type BulkKind } from './bulk-api';

export type BulkAction = BulkKind | 'download';

interface ItemResult {
  documentId: number;
  ok: boolean;
  message?: string;
}

const plural = (n: number) => `${n} ${n === 1 ? 'document' : 'documents'}`;

/** The words of each action (issue 29 item 5: 'Approved 18, refused 2: …'). */
export const bulkWords: Record<
  BulkAction,
  {
    title: (n: number) => string;
    button: string;
    progress: (done: number, of: number) => string;
    done: string;
    refused: string;
    summary: (ok: number, refused: number, assignee?: string) => string;
  }
> = {
  approve: {
    title: (n) => `Approve ${plural(n)}`,
    button: 'Approve',
    progress: (done, of) => `Approving ${done} of ${of}`,
    done: 'Approved',
    refused: 'Not approved',
    summary: (ok, refused) => `Approved ${ok}, refused ${refused}`,
  },
  hold: {
    title: (n) => `Put ${plural(n)} on hold`,
    button: 'Put on hold',
    progress: (done, of) => `Putting on hold ${done} of ${of}`,
    done: 'Put on hold',
    refused: 'Not put on hold',
    summary: (ok, refused) => `Put on hold ${ok}, refused ${refused}`,
  },
  assign: {
    title: (n) => `Assign ${plural(n)}`,
    button: 'Assign',
    progress: (done, of) => `Assigning ${done} of ${of}`,
    done: 'Assigned',
    refused: 'Not assigned',
    summary: (ok, refused, assignee) =>
      `Assigned ${ok}${assignee ? ` to ${assignee}` : ''}, refused ${refused}`,
  },
  download: {
    title: (n) => `Download ${plural(n)}`,
    button: 'Download',
    progress: (_done, of) => `Preparing the zip of ${plural(of)}`,
    done: 'In the zip',
    refused: 'Not downloaded',
    summary: (ok) => `Downloaded ${plural(ok)} as one zip`,
  },
};

const intro: Record<BulkAction, string> = {
  approve:
    'Each document is approved on its own, as if you approved it alone; those you may not approve are listed with the reason.',
  hold: 'Each invoice is put on hold on its own; the vendor still sees it as received.',
  assign:
    'The waiting approval step of each invoice goes to this user, who is told. They must be able to approve it (their approval limit covers the amount).',
  download: "One zip of the documents' PDFs.",
};

/** 'AR Invoice INV-1042' (or '#31' without a number). */
export const inboxItemLabel = (row: InboxItem) =>
  `${row.documentTypeName} ${row.metadata.number || `#${row.id}`}`;

/**
 * A bulk action on the selected Inbox rows: its fields (an optional comment, the assignee), then
 * the documents posted a few at a time so the bar moves, each document's result listed and a
 * summary with the reason of each refusal ('Approved 4, refused 1: Your approval limit is …').
 */
export function BulkActionDialog({
  action,
  rows,
  onClose,
}: {
  action: BulkAction;
  rows: InboxItem[];
  onClose(): void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const words = bulkWords[action];
  const [comment, setComment] = useState('');
  const [assignee, setAssignee] = useState<number | ''>('');
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<ItemResult[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const choices = useDelegateChoices(action === 'assign');
  const assigneeName = choices.data?.items.find((c) => c.id === assignee)?.name;
  const tooMany = action === 'download' && rows.length > BULK_DOWNLOAD_MAX;
  const finished = results !== null && results.length === rows.length && !running;
  const resultOf = (id: number) => results?.find((r) => r.documentId === id);

  const run = async () => {
    setTried(true);
    if (action === 'assign' && assignee === '') return;
    if (tooMany) return;
    setRunning(true);
    setFailure(null);
    setResults([]);
    const ids = rows.map((r) => r.id);
    try {
      if (action === 'download') {
        await downloadZip(ids);
        setResults(ids.map((documentId) => ({ documentId, ok: true })));
      } else {
        for (let i = 0; i < ids.length; i += BULK_SLICE) {
          const answer = await runBulk(
            action,
            ids.slice(i, i + BULK_SLICE),
            comment.trim() || null,
            assignee === '' ? null : assignee,
          );
          setResults((before) => [
            ...(before ?? []),
            ...answer.done.map((documentId) => ({ documentId, ok: true })),
            ...answer.refused.map((r) => ({
              documentId: r.documentId,
              ok: false,
              message: r.message,
            })),
          ]);
        }
      }
    } catch (caught) {
      setFailure(caught);
      // A failed download sent nothing: the selection stays as it was.
      if (action === 'download') setResults(null);
    } finally {
      setRunning(false);
      if (action !== 'download') {
        // The lists, the counts, and any open document screen with its approval chain.
        void queryClient.invalidateQueries({ queryKey: [documentListKeys.all[0]] });
      }
    }
  };

  const ok = results?.filter((r) => r.ok).length ?? 0;
  const refused = results?.filter((r) => !r.ok) ?? [];
  const reasons = [...new Set(refused.map((r) => r.message ?? ''))];
  const summary =
    words.summary(ok, refused.length, assigneeName) +
    (action === 'download' || refused.length === 0
      ? ''
      : reasons.length === 1
        ? `: ${reasons[0]}`
        : ': see each document below');

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!running && !finished) void run();
        }}
      >
        <DialogTitle id={titleId}>{words.title(rows.length)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{intro[action]}</DialogContentText>
            <List dense aria-label="Selected documents" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {rows.map((row) => {
                const result = resultOf(row.id);
                return (
                  <ListItem key={row.id} divider>
                    <ListItemText
                      primary={inboxItemLabel(row)}
                      secondary={
                        result
                          ? result.ok
                            ? words.done
                            : `${words.refused}: ${result.message ?? ''}`
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
            {running && action === 'download' ? (
              <div>
                <LinearProgress aria-label={words.progress(0, rows.length)} />
                <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
                  {words.progress(0, rows.length)}
                </Typography>
              </div>
            ) : (
              results !== null && (
                <BulkProgress
                  done={results.length}
                  total={rows.length}
                  finished={finished}
                  progress={words.progress(results.length, rows.length)}
                  summary={summary}
                />
              )
            )}
            {tooMany && (
              <Alert severity="warning">
                {`Select at most ${BULK_DOWNLOAD_MAX} documents to download at once.`}
              </Alert>
            )}
            {!finished && action === 'assign' && (
              <TextField
                select
                required
                label="Assign to"
                value={assignee}
                onChange={(e) => setAssignee(Number(e.target.value))}
                disabled={running}
                error={tried && assignee === ''}
                helperText={tried && assignee === '' ? 'Choose a user' : ' '}
              >
                {(choices.data?.items ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!finished && action !== 'download' && (
              <TextField
                label="Comment (optional)"
                fullWidth
                multiline
                minRows={2}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                disabled={running}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
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
              type="submit"
              variant="contained"
              color={action === 'approve' ? 'success' : 'primary'}
              disabled={running || tooMany}
            >
              {`${words.button} ${rows.length}`}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
