import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { FileDropZone } from '../../../../components/file-drop-zone';
import { errorMessage } from '../../../../lib/api-error';
import { SEND_FILE_ACCEPT, checkSendFiles } from '../../send/send-file';
import { uploadReplacement } from './api';

export const REPLACE_FILE_REQUIRED = 'Please select a file to send';

/**
 * Replace file (spec 1 §4, §5): one file, 500 MB at most, uploaded as a temporary replacement
 * with progress; choosing another replaces the earlier one on the server. The screen shows the
 * chosen file in the viewer (issue 27 item 6) and Resubmit sends it.
 */
export function ReplaceFileDialog({
  open,
  documentId,
  onReplaced,
  onClose,
}: {
  open: boolean;
  documentId: number;
  onReplaced(replacement: { id: number; fileName: string; file: File }): void;
  onClose(): void;
}) {
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ id: number; fileName: string; file: File } | null>(null);
  const uploading = progress !== undefined;

  const onFiles = async (files: File[]) => {
    const checked = checkSendFiles(files);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const result = await uploadReplacement(documentId, checked.file, setProgress);
      const id = result.documentIds[0];
      if (id !== undefined) setChosen({ id, fileName: checked.file.name, file: checked.file });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="replace-file-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="replace-file-title">Replace file</DialogTitle>
      <DialogContent>
        <FileDropZone
          label="Choose the corrected file"
          hint="Drop a PDF or image here or choose one (500 MB at most)"
          accept={SEND_FILE_ACCEPT}
          onFiles={(files) => void onFiles(files)}
          disabled={uploading}
          progress={progress}
          error={!!error}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {chosen && !error && (
          <Typography sx={{ mt: 2 }}>
            Replacement ready: <strong>{chosen.fileName}</strong>
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={uploading}
          onClick={() => {
            if (!chosen) {
              setError(REPLACE_FILE_REQUIRED);
              return;
            }
            onReplaced(chosen);
          }}
        >
          Use this file
        </Button>
      </DialogActions>
    </Dialog>
  );
}
