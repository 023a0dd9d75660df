import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  documentMessages,
  type DocumentAttachment,
  type DocumentDto,
} from '@flowline/shared';
import { ConfirmDialog } from '../../../../components/data-table';
import { FileDropZone } from '../../../../components/file-drop-zone';
import { useSnackbar } from '../../../../components/snackbar';
import { errorMessage } from '../../../../lib/api-error';
import { useDateFormatter } from '../../../preferences';
import {
  attachmentDownloadPath,
  downloadFile,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../api';
import { attachmentViewerSource } from '../viewer/viewer-source';
import { AttachmentPreviewDialog } from './attachment-preview-dialog';
import { formatFileSize } from './file-size';

/**
 * What the drop zone offers: the document formats plus office files (issue 11 item 21). A hint
 * only — the server recognises each file by its content.
 */
export const ATTACHMENT_FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.doc,.docx,.xls,.xlsx,.csv,application/pdf,image/png,image/jpeg,image/tiff';

export const attachmentMessages = {
  uploaded: 'Attachment added',
  deleted: 'Attachment deleted',
  deleteConfirm: (fileName: string) => `Delete ${fileName} ?`,
} as const;

/**
 * Attachments (spec 1 §2): list with preview, download, upload and delete. Upload and delete are
 * hidden on read-only documents (and whenever the server's actions do not allow them).
 */
export function AttachmentsTab({ doc }: { doc: DocumentDto }) {
  const attachments = useAttachments(doc.id);
  const snackbar = useSnackbar();
  const { formatDateTime } = useDateFormatter();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [preview, setPreview] = useState<DocumentAttachment | null>(null);
  const [toDelete, setToDelete] = useState<DocumentAttachment | null>(null);
  const upload = useUploadAttachment(doc.id, setProgress);
  const remove = useDeleteAttachment(doc.id);
  const canUpload = !doc.isReadOnly && doc.availableActions.uploadAttachment;
  const canDeleteAny = !doc.isReadOnly && doc.availableActions.deleteAttachment;

  const onFiles = (files: File[]) => {
    const file = files[0];
    if (!file || upload.isPending) return;
    if (file.size > DOCUMENT_UPLOAD_MAX_BYTES) {
      snackbar.showError(documentMessages.tooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => snackbar.showSuccess(attachmentMessages.uploaded),
      onSettled: () => setProgress(undefined),
    });
  };

  const download = (attachment: DocumentAttachment) =>
    downloadFile(attachmentDownloadPath(attachment.id), attachment.fileName).catch((error) =>
      snackbar.showError(errorMessage(error)),
    );

  return (
    <Stack spacing={2}>
      {canUpload && (
        <FileDropZone
          label="Add an attachment"
          hint="Drop a file here or choose one: PDF, image, Word, Excel or CSV (500 MB at most)"
          accept={ATTACHMENT_FILE_ACCEPT}
          onFiles={onFiles}
          disabled={upload.isPending}
          progress={progress}
        />
      )}
      {attachments.isPending ? (
        <CircularProgress aria-label="Loading attachments" />
      ) : attachments.isError ? (
        <Alert severity="error">The attachments could not be loaded.</Alert>
      ) : attachments.data.length === 0 ? (
        <Typography color="text.secondary">There are no attachments.</Typography>
      ) : (
        <List aria-label="Attachments" dense disablePadding>
          {attachments.data.map((attachment) => {
            const previewable = attachmentViewerSource(attachment) !== null;
            const text = {
              primary: attachment.fileName,
              secondary: `${formatFileSize(attachment.fileSize)} · ${formatDateTime(attachment.createdAt)}`,
              slotProps: { primary: { sx: { wordBreak: 'break-all' } } },
            } as const;
            return (
              <ListItem
                key={attachment.id}
                divider
                disablePadding
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title="Download">
                      <IconButton
                        aria-label={`Download ${attachment.fileName}`}
                        onClick={() => void download(attachment)}
                      >
                        <FileDownloadOutlined />
                      </IconButton>
                    </Tooltip>
                    {canDeleteAny && attachment.canDelete && (
                      <Tooltip title="Delete">
                        <IconButton
                          aria-label={`Delete ${attachment.fileName}`}
                          onClick={() => setToDelete(attachment)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                }
                sx={{ '& .MuiListItemButton-root, & > .MuiListItemText-root': { pr: 12 } }}
              >
                {previewable ? (
                  <ListItemButton
                    onClick={() => setPreview(attachment)}
                    aria-label={`Preview ${attachment.fileName}`}
                    aria-haspopup="dialog"
                  >
                    <ListItemText {...text} />
                  </ListItemButton>
                ) : (
                  // Office files are not previewed: opening one downloads it.
                  <ListItemButton
                    onClick={() => void download(attachment)}
                    aria-label={`Open ${attachment.fileName} (download)`}
                  >
                    <ListItemText {...text} />
                  </ListItemButton>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      <AttachmentPreviewDialog
        attachment={preview}
        onClose={() => setPreview(null)}
        onDownload={(a) => void download(a)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete attachment"
        message={toDelete ? attachmentMessages.deleteConfirm(toDelete.fileName) : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => snackbar.showSuccess(attachmentMessages.deleted),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Stack>
  );
}
