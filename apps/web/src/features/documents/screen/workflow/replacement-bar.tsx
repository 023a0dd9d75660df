import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * Above the viewer while a replacement file is chosen (issue 27 item 6): which file is shown —
 * the replacement, which Resubmit sends, or the original — and a button to show the other.
 */
export function ReplacementBar({
  fileName,
  originalName,
  showingReplacement,
  previewable,
  onShow,
}: {
  fileName: string;
  originalName: string;
  showingReplacement: boolean;
  /** False for files the browser cannot show (TIFF): only named. */
  previewable: boolean;
  onShow(which: 'replacement' | 'original'): void;
}) {
  if (!previewable) {
    return (
      <Alert severity="info" sx={{ borderRadius: 0 }}>
        {`Replacement file: ${fileName} (Resubmit sends this file; it cannot be shown here)`}
      </Alert>
    );
  }
  return (
    <Alert
      severity={showingReplacement ? 'info' : 'warning'}
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => onShow(showingReplacement ? 'original' : 'replacement')}
        >
          {showingReplacement ? 'Show original' : 'Show replacement'}
        </Button>
      }
    >
      {showingReplacement
        ? `Replacement file: ${fileName} (Resubmit sends this file)`
        : `Original file: ${originalName} (Resubmit sends ${fileName})`}
    </Alert>
  );
}
