import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DocumentAttachment } from '@flowline/shared';
import { LazyFileViewer } from '../viewer/lazy-viewer';
import { attachmentViewerSource } from '../viewer/viewer-source';

/** Attachment preview (spec 1 §2): PDFs through the viewer, images as an image. */
export function AttachmentPreviewDialog({
  attachment,
  onClose,
  onDownload,
}: {
  attachment: DocumentAttachment | null;
  onClose(): void;
  onDownload(attachment: DocumentAttachment): void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const source = attachment ? attachmentViewerSource(attachment) : null;
  return (
    <Dialog
      open={attachment !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="attachment-preview-title"
    >
      <DialogTitle id="attachment-preview-title" sx={{ wordBreak: 'break-all' }}>
        {attachment?.fileName}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box sx={{ height: phone ? '100%' : '75vh' }}>
          {source && <LazyFileViewer source={source} />}
        </Box>
      </DialogContent>
      <DialogActions>
        {attachment && <Button onClick={() => onDownload(attachment)}>Download</Button>}
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
