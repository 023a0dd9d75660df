import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  Terminology,
  documentMessages,
  formatBatchName,
  type ConnectionListRow,
  type DocumentTypeSummary,
  type FileUploadData,
  type UploadResult,
} from '@flowline/shared';
import { FileDropZone } from '../../../components/file-drop-zone';
import { useSnackbar } from '../../../components/snackbar';
import { errorMessage } from '../../../lib/api-error';
import { useDocumentTypes } from '../../document-types/api';
import { useDocumentTypeSuggestion } from '../../document-types/detect';
import { TypeSuggestion } from '../../document-types/type-suggestion';
import { useSession } from '../../session/use-session';
import { useTerm } from '../../terminology/api';
import { usePartyWithOrgUnits, useUploadDocument } from './api';
import { batchPath } from './batch-path';
import { SEND_FILE_ACCEPT, checkSendFiles, fileSizeText } from './send-file';
import { SendToField } from './send-to-field';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

interface Errors {
  party?: string | undefined;
  file?: string | undefined;
}

/**
 * 'Send {type}' (spec 3 §2, §4 upload flow, §5): choose a connected connection, its Bill To
 * profile and one file; Next validates, uploads with progress and opens the new document.
 */
export function SendDialog({
  documentType: listType,
  onClose,
}: {
  documentType: DocumentTypeSummary;
  onClose(): void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useSession();
  const { showError, showAlert } = useSnackbar();
  const profileTerm = useTerm(Terminology.OrgUnit);
  const [party, setParty] = useState<ConnectionListRow | null>(null);
  const [billTo, setBillTo] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const partyInput = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const busy = progress !== undefined;
  // The list's type, unless the user took the type suggested for the file (issue 14).
  const [documentType, setDocumentType] = useState<DocumentTypeSummary>(listType);
  const suggestion = useDocumentTypeSuggestion(file);
  const types = useDocumentTypes();
  const suggestedType =
    suggestion?.documentTypeId != null && suggestion.documentTypeId !== documentType.id
      ? types.data?.find((t) => t.id === suggestion.documentTypeId)
      : undefined;

  const withUnits = usePartyWithOrgUnits(party?.id ?? null);
  const profiles = Object.entries(withUnits.data?.connectedOrgUnits ?? {})
    .map(([id, name]) => ({ id: Number(id), name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // With exactly one profile it is the Bill To, chosen for the user.
  const [onlyProfile] = profiles.length === 1 ? profiles : [];
  const billToValue = billTo !== '' ? billTo : (onlyProfile?.id ?? '');

  // Closing the dialog (Cancel, Escape, navigation) stops a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const chooseParty = (next: ConnectionListRow | null) => {
    setParty(next);
    setBillTo('');
    setErrors((e) => ({ ...e, party: undefined }));
  };

  const chooseFiles = (files: File[]) => {
    const checked = checkSendFiles(files);
    if ('error' in checked) {
      setErrors((e) => ({ ...e, file: checked.error }));
      return;
    }
    setFile(checked.file);
    setErrors((e) => ({ ...e, file: undefined }));
  };

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };

  const opened = (result: UploadResult, batchName: string) => {
    const [first, ...more] = result.documentIds;
    if (first === undefined) {
      setProgress(undefined);
      showError('The upload did not create a document.');
      return;
    }
    onClose();
    // A long file is read only in part: the uploader is told before opening it (issue 28 item 2).
    if (result.notice) showAlert(result.notice, 'info');
    // One document opens it; several open their batch (spec 3 §4 upload flow).
    void navigate(more.length ? batchPath(result.batchName ?? batchName) : `/documents/${first}`);
  };

  const next = () => {
    const found: Errors = {
      party: party ? undefined : 'Required',
      file: party && !file ? documentMessages.fileRequired : undefined,
    };
    setErrors(found);
    if (!party) partyInput.current?.focus();
    if (!party || !file) return;
    const batchName = formatBatchName();
    const data: FileUploadData = {
      batchName,
      userId: user.id,
      folderId: 1,
      numberOfDocuments: 1,
      returnBeforeOcr: false,
      receivingPartyId: party.id,
      ...(party.connectedCompanyId ? { receivingCompanyId: party.connectedCompanyId } : {}),
      ReceivingCompanyName: party.connectedCompanyName ?? party.name,
      documentTypeId: documentType.id,
      ...(billToValue !== '' ? { billToOrgUnitId: billToValue } : {}),
    };
    controller.current = new AbortController();
    setProgress(0);
    upload.mutate(
      { data, file, onProgress: setProgress, signal: controller.current.signal },
      {
        onSuccess: (result) => opened(result, batchName),
        onError: (error) => {
          setProgress(undefined);
          if (!isAbort(error)) showError(errorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={cancel}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Send {documentType.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <FormControl component="fieldset" error={Boolean(errors.party)}>
            <FormLabel component="legend" sx={{ mb: 1.5 }}>
              Send To
            </FormLabel>
            <SendToField
              value={party}
              onChange={chooseParty}
              error={errors.party}
              disabled={busy}
              inputRef={partyInput}
            />
          </FormControl>
          {party && (
            <TextField
              select
              label="Bill To"
              value={billToValue}
              onChange={(e) => setBillTo(e.target.value === '' ? '' : Number(e.target.value))}
              disabled={busy || withUnits.isPending}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              helperText={
                withUnits.isSuccess && profiles.length === 0
                  ? `No ${profileTerm.toLowerCase()} of ${party.name} is connected with you.`
                  : undefined
              }
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {profiles.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {party && (
            <FormControl error={Boolean(errors.file)}>
              <FileDropZone
                label="Choose a file or drag it here"
                accept={SEND_FILE_ACCEPT}
                onFiles={chooseFiles}
                disabled={busy}
                progress={progress}
                error={Boolean(errors.file)}
                hint={
                  file
                    ? `${file.name} (${fileSizeText(file.size)})`
                    : 'PDF, PNG, JPEG or TIFF, up to 500 MB'
                }
              />
              {errors.file && <FormHelperText role="alert">{errors.file}</FormHelperText>}
            </FormControl>
          )}
          {party && file && suggestedType && suggestion && (
            <TypeSuggestion
              name={suggestedType.name}
              confidence={suggestion.confidence}
              disabled={busy}
              onUse={() => setDocumentType(suggestedType)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button variant="contained" onClick={next} disabled={busy}>
          Next
        </Button>
      </DialogActions>
    </Dialog>
  );
}
