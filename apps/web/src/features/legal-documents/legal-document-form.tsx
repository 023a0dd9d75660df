import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LEGAL_DOCUMENT_ACCEPT,
  LEGAL_DOCUMENT_EXPIRY_REMINDER_DAYS,
  LegalDocumentType,
  isCalendarDay,
  legalDocumentFileProblem,
  legalDocumentMessages as messages,
  PrivacySetting,
  privacySettingNames,
  type LegalDocument,
  type SharedParty,
} from '@flowline/shared';
import { FileDropZone } from '../../components/file-drop-zone';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDocumentTypeSuggestion } from '../document-types/detect';
import { TypeSuggestion } from '../document-types/type-suggestion';
import {
  downloadLegalDocument,
  useDeleteLegalDocument,
  useLegalDocumentList,
  useUpdateLegalDocument,
  useUploadLegalDocument,
} from './api';
import { ConfirmDialog } from './confirm-dialog';
import { useDateFormatter } from '../preferences';
import {
  legalDocumentListPath,
  legalDocumentTypeName,
  parseLegalDocumentTypeId,
  type LegalDocumentTypeId,
} from './legal-document-names';
import { PartyPicker } from './party-picker';
import { uploadFailure } from './upload-outcome';

export interface LegalDocumentFormProps {
  title: string;
  typeId: LegalDocumentTypeId;
  /** The document being edited; null when uploading a new one. */
  document: LegalDocument | null;
  /** The document a new upload replaces (the list row's replace button). */
  replacing: LegalDocument | null;
  /** The active document of this type, if any. */
  activeDocumentId: number | null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Upload or edit one W9 / insurance certificate (spec 3 §3, §5, §8). */
export function LegalDocumentForm(props: LegalDocumentFormProps) {
  const { title, document, replacing } = props;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { formatDate } = useDateFormatter();
  const [file, setFile] = useState<File | null>(null);
  // The page's type, unless the user took the type suggested for a new file (issue 14).
  const [typeId, setTypeId] = useState<LegalDocumentTypeId>(props.typeId);
  const typeName = legalDocumentTypeName(typeId);
  const switched = typeId !== props.typeId;
  const otherActive = useLegalDocumentList(
    { legalDocumentTypeId: typeId, isActive: true, page: 1, pageSize: 1 },
    switched,
  );
  const activeDocumentId = switched
    ? (otherActive.data?.items[0]?.id ?? null)
    : props.activeDocumentId;
  const suggestion = useDocumentTypeSuggestion(document || replacing ? null : file);
  const suggestedType = parseLegalDocumentTypeId(String(suggestion?.legalDocumentTypeId ?? ''));
  const [fileError, setFileError] = useState<string | null>(null);
  const [privacy, setPrivacy] = useState<number>(
    document?.privacySettingId ?? replacing?.privacySettingId ?? PrivacySetting.Private,
  );
  const [isActive, setIsActive] = useState(document?.isActive ?? true);
  // Insurance certificates only (issue 27 item 26): '' is no date.
  const [expiresOn, setExpiresOn] = useState(document?.expiresOn ?? '');
  const hasExpiry = typeId === LegalDocumentType.InsuranceCertificate;
  const expiryError =
    hasExpiry && expiresOn !== '' && !isCalendarDay(expiresOn) ? messages.expiryInvalid : null;
  const [added, setAdded] = useState<SharedParty[]>(replacing?.selectedParties ?? []);
  const [dialog, setDialog] = useState<'activate' | 'delete' | null>(null);
  const [progress, setProgress] = useState<number | undefined>();
  const upload = useUploadLegalDocument(setProgress);
  const update = useUpdateLegalDocument(document?.id ?? 0);
  const remove = useDeleteLegalDocument(document?.id ?? 0);

  const alreadyShared = document?.selectedParties ?? [];
  const shared = privacy === PrivacySetting.SharedWithPartners;
  const busy = upload.isPending || update.isPending || remove.isPending;
  const noParties = shared && alreadyShared.length + added.length === 0;
  const backToList = () => void navigate(legalDocumentListPath(typeId));
  // A newly active document replaces the active one of its type: ask first (spec 3 §4).
  const replacesActive =
    isActive &&
    activeDocumentId !== null &&
    activeDocumentId !== document?.id &&
    !(document?.isActive ?? false);

  const chooseFile = (files: File[]) => {
    const [chosen] = files;
    const problem =
      files.length !== 1 || !chosen ? 'Please choose one file.' : legalDocumentFileProblem(chosen);
    setFileError(problem);
    setFile(problem ? null : (chosen ?? null));
  };

  const save = () => {
    setDialog(null);
    const selectedParties = shared ? [...alreadyShared, ...added].map((p) => p.id) : [];
    const expiry = hasExpiry ? { expiresOn: expiresOn === '' ? null : expiresOn } : {};
    if (document) {
      update.mutate(
        { privacySettingId: privacy as 1 | 2, isActive, selectedParties, ...expiry },
        {
          onSuccess: () => {
            snackbar.showSuccess(messages.saved);
            backToList();
          },
          onError: (error) => snackbar.showError(errorMessage(error)),
        },
      );
      return;
    }
    if (!file) return;
    const details = {
      legalDocumentTypeId: typeId,
      privacySettingId: privacy as 1 | 2,
      isActive,
      selectedParties,
      ...expiry,
      ...(replacing ? { replacesLegalDocumentId: replacing.id } : {}),
    };
    // Taking the place of the active document (or of the row's) is a replacement (spec 3 §8).
    const replacement = replacing !== null || replacesActive;
    upload.mutate(
      { details, file },
      {
        onSuccess: () => {
          snackbar.showSuccess(replacement ? messages.replaced : messages.uploaded);
          backToList();
        },
        onError: (error) => {
          const failure = uploadFailure(error, replacement);
          if (failure.severity === 'warning') snackbar.showAlert(failure.message, 'warning');
          else snackbar.showError(failure.message);
          if (failure.backToList) backToList();
        },
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const onSave = () => {
    if (!document && !file) {
      setFileError(messages.fileRequired);
      return;
    }
    if (expiryError) return;
    if (replacesActive) setDialog('activate');
    else save();
  };

  const onDelete = () => {
    setDialog(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        snackbar.showSuccess(messages.deleted);
        backToList();
      },
      onError: (error) => snackbar.showError(errorMessage(error)),
    });
  };

  const download = () => {
    if (!document) return;
    downloadLegalDocument(document.id, document.fileName).catch((error: unknown) =>
      snackbar.showError(errorMessage(error)),
    );
  };

  return (
    <>
      <PageHeader title={title} />
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        {document ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>
              <strong>{document.fileName}</strong> · {sizeText(document.fileSize)} · uploaded{' '}
              {formatDate(document.insertDate)}
            </Typography>
            <Button variant="outlined" onClick={download}>
              Download
            </Button>
          </Stack>
        ) : (
          <FormControl error={fileError !== null}>
            {replacing && (
              <Typography sx={{ mb: 1 }}>
                Replaces the document uploaded {formatDate(replacing.insertDate)} (
                {replacing.fileName}).
              </Typography>
            )}
            <FileDropZone
              label="Choose a file or drag it here"
              accept={LEGAL_DOCUMENT_ACCEPT}
              onFiles={chooseFile}
              disabled={busy}
              progress={progress}
              error={fileError !== null}
              hint={
                file ? `${file.name} (${sizeText(file.size)})` : 'PDF, Word or PNG, up to 25 MB'
              }
            />
            {fileError && <FormHelperText role="alert">{fileError}</FormHelperText>}
            {switched && <Typography sx={{ mt: 1 }}>Will be uploaded as: {typeName}.</Typography>}
          </FormControl>
        )}
        {suggestion && suggestedType !== null && suggestedType !== typeId && (
          <TypeSuggestion
            name={legalDocumentTypeName(suggestedType)}
            confidence={suggestion.confidence}
            disabled={busy}
            onUse={() => setTypeId(suggestedType)}
          />
        )}

        <FormControl disabled={busy}>
          <FormLabel id="privacy-label">Privacy</FormLabel>
          <RadioGroup
            row
            aria-labelledby="privacy-label"
            value={String(privacy)}
            onChange={(event) => setPrivacy(Number(event.target.value))}
          >
            {[PrivacySetting.Private, PrivacySetting.SharedWithPartners].map((value) => (
              <FormControlLabel
                key={value}
                value={String(value)}
                control={<Radio />}
                label={privacySettingNames[value]}
              />
            ))}
          </RadioGroup>
        </FormControl>

        {shared && (
          <PartyPicker
            alreadyShared={alreadyShared}
            value={added}
            onChange={setAdded}
            disabled={busy}
            error={noParties ? messages.partiesRequired : undefined}
          />
        )}

        {hasExpiry && (
          <TextField
            label="Expiry Date"
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            disabled={busy}
            error={expiryError !== null}
            helperText={
              expiryError ??
              `Optional. The Administrators are reminded ${LEGAL_DOCUMENT_EXPIRY_REMINDER_DAYS} days before it expires.`
            }
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 280 }}
          />
        )}

        <FormControlLabel
          control={
            <Switch
              checked={isActive}
              disabled={busy}
              onChange={(event) => setIsActive(event.target.checked)}
            />
          }
          label="Is Active"
        />

        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={onSave} disabled={busy || noParties}>
            Save
          </Button>
          <Button component={RouterLink} to={legalDocumentListPath(typeId)} disabled={busy}>
            Cancel
          </Button>
          {document && (
            <Button color="error" onClick={() => setDialog('delete')} disabled={busy}>
              Delete
            </Button>
          )}
        </Stack>
      </Stack>

      <ConfirmDialog
        open={dialog === 'activate'}
        title={`Replace the active ${typeName}?`}
        message={`An active ${typeName} already exists. Saving makes this document the active one and the current one inactive.`}
        confirmLabel="Continue"
        onConfirm={save}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this document?"
        message={`${document?.fileName ?? 'The document'} will be deleted for good.`}
        confirmLabel="Delete"
        destructive
        onConfirm={onDelete}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
