import { useState } from 'react';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { listExportMessages as msg, type ExportFormat } from '@flowline/shared';
import { errorMessage } from '../lib/api-error';
import type { QueryValue } from '../lib/api-client';
import { downloadExport, formatBytes } from '../lib/download-export';
import { useSnackbar } from './snackbar';

/**
 * The 'Export' menu of a list screen (issue 30 item 5): every row matching the list's current
 * filters and sort, as CSV or XLSX, with the bytes received shown while it downloads.
 */
export function ExportMenu({
  path,
  query,
}: {
  path: string;
  /** The list's filters and sort, as its own call sends them (no page). */
  query: Record<string, QueryValue>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const setOpen = (_: false) => setAnchor(null);
  const [progress, setProgress] = useState<number | null>(null);
  const snackbar = useSnackbar();
  const busy = progress !== null;

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setProgress(0);
    try {
      await downloadExport(path, { ...query, format }, { onProgress: setProgress });
      snackbar.showSuccess(msg.done);
    } catch (error) {
      snackbar.showError(errorMessage(error) || msg.failed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={open}
      >
        {msg.menu}
      </Button>
      {busy && (
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {progress ? msg.received(formatBytes(progress)) : msg.preparing}
        </Typography>
      )}
      <Menu anchorEl={anchor} open={open} onClose={() => setOpen(false)}>
        <MenuItem onClick={() => void run('csv')}>{msg.csv}</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>{msg.xlsx}</MenuItem>
      </Menu>
    </>
  );
}
