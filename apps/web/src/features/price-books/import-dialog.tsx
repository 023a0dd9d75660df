import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  PRICE_BOOK_LIMITS,
  describeRowError,
  priceBookMessages as msg,
  type PriceBookImportResult,
  type PriceBookRowError,
} from '@flowline/shared';
import { FileDropZone } from '../../components/file-drop-zone';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { RowsRefused, downloadFile, useConnectedConnections, useImportPriceBook } from './api';

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const today = () => new Date().toISOString().slice(0, 10);

/** The rows a refused or partial import names, each with its line and reason. */
function RowList({ rows, label }: { rows: PriceBookRowError[]; label: string }) {
  return (
    <List dense aria-label={label} sx={{ maxHeight: 220, overflow: 'auto', py: 0 }}>
      {rows.map((row) => (
        <ListItem key={row.line} disableGutters sx={{ py: 0 }}>
          {describeRowError(row)}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Publishes a price book version to a connection from a CSV or XLSX file (issue 32 item 1). A
 * file with bad rows is refused whole and every bad row is listed; 'Import the valid rows' then
 * imports the others. Progress shows while the file goes up. Mount it anew (a new `key`) for each
 * opening: it starts empty.
 */
export function ImportPriceBookDialog({
  open,
  onClose,
  onImported,
  partyId: initialPartyId = null,
}: {
  open: boolean;
  onClose: () => void;
  onImported?: (result: PriceBookImportResult) => void;
  partyId?: number | null;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const connections = useConnectedConnections(open);
  const importBook = useImportPriceBook();
  const snackbar = useSnackbar();
  const [partyId, setPartyId] = useState<number | ''>(initialPartyId ?? '');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [effectiveTo, setEffectiveTo] = useState('');
  const [importValidRows, setImportValidRows] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<PriceBookRowError[]>([]);

  const chooseFile = (files: File[]) => {
    setBadRows([]);
    setProblem(null);
    const [chosen] = files;
    if (!chosen || files.length > 1) return setProblem('Choose one CSV or XLSX file');
    if (!/\.(csv|xlsx)$/i.test(chosen.name)) return setProblem(msg.fileType);
    if (chosen.size > PRICE_BOOK_LIMITS.maxFileBytes) return setProblem(msg.tooLarge);
    setFile(chosen);
  };

  const submit = () => {
    setProblem(null);
    setBadRows([]);
    if (partyId === '') return setProblem('Choose the connection to publish to');
    if (!effectiveFrom) return setProblem(msg.effectiveFromRequired);
    if (effectiveTo && effectiveTo < effectiveFrom) return setProblem(msg.effectiveToBeforeFrom);
    if (!file) return setProblem(msg.fileRequired);
    setProgress(0);
    importBook.mutate(
      {
        options: { partyId, effectiveFrom, effectiveTo: effectiveTo || null, importValidRows },
        file,
        onProgress: setProgress,
      },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.length;
          snackbar.showSuccess(
            `Imported ${result.imported} items as version ${result.version.versionNumber}` +
              (skipped ? `; ${skipped} ${skipped === 1 ? 'row' : 'rows'} skipped` : ''),
          );
          onImported?.(result);
          if (skipped) {
            setBadRows(result.skipped);
            setProblem(null);
          } else onClose();
        },
        onError: (error) => {
          setProblem(errorMessage(error));
          if (error instanceof RowsRefused) setBadRows(error.rows);
        },
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const busy = importBook.isPending;
  const imported = importBook.isSuccess && badRows.length > 0;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="import-price-book-title"
    >
      <DialogTitle id="import-price-book-title">Import price book</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Each import becomes a new version of your price book for the connection. Download the
            template:{' '}
            <Link
              component="button"
              type="button"
              onClick={() =>
                void downloadFile('/pricebooks/template?format=csv', 'price-book-template.csv')
              }
            >
              CSV
            </Link>{' '}
            ·{' '}
            <Link
              component="button"
              type="button"
              onClick={() =>
                void downloadFile('/pricebooks/template?format=xlsx', 'price-book-template.xlsx')
              }
            >
              XLSX
            </Link>
          </Typography>
          <TextField
            select
            required
            label="Publish to"
            value={partyId}
            disabled={busy}
            onChange={(e) => setPartyId(Number(e.target.value))}
            helperText={
              connections.data?.items.length === 0
                ? 'Price books can be published only to a connected company'
                : undefined
            }
          >
            {(connections.data?.items ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              required
              label="Effective From"
              value={effectiveFrom}
              disabled={busy}
              onChange={(e) => setEffectiveFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              label="Effective To"
              value={effectiveTo}
              disabled={busy}
              onChange={(e) => setEffectiveTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText="Empty: until a newer version starts"
              fullWidth
            />
          </Stack>
          <FileDropZone
            label="Choose a CSV or XLSX file or drag it here"
            accept={ACCEPT}
            onFiles={chooseFile}
            disabled={busy}
            progress={progress}
            hint={file ? file.name : 'At most 5 MB and 10,000 rows'}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={importValidRows}
                disabled={busy}
                onChange={(e) => setImportValidRows(e.target.checked)}
              />
            }
            label="Import the valid rows (skip the bad ones)"
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {badRows.length > 0 && (
            <Box>
              <Typography variant="subtitle2">
                {imported ? 'Skipped rows' : 'Rows to correct'} ({badRows.length})
              </Typography>
              <RowList rows={badRows} label={imported ? 'Skipped rows' : 'Rows to correct'} />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {imported ? 'Close' : 'Cancel'}
        </Button>
        {!imported && (
          <Button variant="contained" onClick={submit} disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
