import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SIGNATURE_FULL_NAME_MAX,
  signingMessages,
  type DocumentDto,
  type SignatureArea,
} from '@flowline/shared';
import { errorMessage } from '../../../../lib/api-error';
import { useSession } from '../../../session/use-session';
import { useAgreeToConsent, useEsignConsent, useReturnDocument, useStoredSignature } from './api';
import { EsignConsentField } from './esign-consent-field';
import { SignaturePad, canvasPng, drawImage, drawTypedName } from './signature-pad';

export const signatureDialogLabels = {
  title: 'Sign and return',
  fullName: 'Full name',
  pad: 'Signature drawing pad: draw your signature with a mouse, pen or finger',
  typedPad: 'Your typed name as your signature',
  clear: 'Clear',
  useSaved: 'Use my saved signature',
  saveForNextTime: 'Save my signature for next time',
  agree: 'I agree to sign electronically',
  returnSigned: 'Return',
  returnUnsigned: 'Return unsigned',
} as const;

type Mode = 'draw' | 'type';

export function nameError(name: string, touched: boolean): string | null {
  if (name.trim().length > SIGNATURE_FULL_NAME_MAX) return signingMessages.fullNameTooLong;
  if (touched && name.trim().length === 0) return signingMessages.fullNameRequired;
  return null;
}

export interface SignatureDialogProps {
  doc: DocumentDto;
  /** Where the signature goes (chosen in the viewer's capture mode). */
  placement: { page: number; area: SignatureArea };
  onCancel(): void;
  onReturned(returned: DocumentDto, signed: boolean): void;
  /** 'Return unsigned': confirmed (with an optional reason) in a dialog of its own. */
  onReturnUnsigned(): void;
}

/**
 * Spec 1 §5 signature dialog: full name (required, ≤ 255), a drawing pad or the typed name, Return
 * disabled until both exist; the stored signature is offered again; the ESIGN/UETA consent is asked
 * for once; 'Return unsigned' goes to its confirmation instead.
 */
export function SignatureDialog({
  doc,
  placement,
  onCancel,
  onReturned,
  onReturnUnsigned,
}: SignatureDialogProps) {
  const { user } = useSession();
  const titleId = useId();
  const stored = useStoredSignature(user.id, true);
  const consent = useEsignConsent(true);
  const agree = useAgreeToConsent();
  const returnDocument = useReturnDocument(doc.id);
  const canvas = useRef<HTMLCanvasElement>(null);

  const defaultName = `${user.firstName} ${user.lastName}`.trim() || user.displayName;
  /** What the user typed; until then the stored signature's name or the user's own. */
  const [typedName, setFullName] = useState<string | null>(null);
  const [nameTouched, setNameTouched] = useState(false);
  const [mode, setMode] = useState<Mode>('draw');
  const [hasDrawing, setHasDrawing] = useState(false);
  /** The stored image, used as is unless drawn over. */
  const [savedImage, setSavedImage] = useState<string | null>(null);
  const [saveForNextTime, setSaveForNextTime] = useState(true);
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState(false);

  const fullName = typedName ?? stored.data?.fullName ?? defaultName;

  // The Type tab shows the name as it is typed.
  useEffect(() => {
    if (mode === 'type' && canvas.current) drawTypedName(canvas.current, fullName.trim());
  }, [mode, fullName]);

  const needsConsent = consent.data?.consentedAt === null;
  const error = nameError(fullName, nameTouched);
  const nameValid = fullName.trim().length > 0 && error === null;
  const signature = mode === 'type' ? fullName.trim().length > 0 : hasDrawing;
  const busy = returnDocument.isPending || agree.isPending;
  const ready = nameValid && signature && consent.isSuccess && !busy;

  const clear = () => {
    const context = canvas.current?.getContext('2d');
    context?.clearRect(0, 0, canvas.current?.width ?? 0, canvas.current?.height ?? 0);
    setHasDrawing(false);
    setSavedImage(null);
  };

  const changeMode = (next: Mode) => {
    clear();
    setMode(next);
  };

  const applySaved = () => {
    if (!stored.data) return;
    setMode('draw');
    if (canvas.current) drawImage(canvas.current, stored.data.signatureImageAsBase64);
    setSavedImage(stored.data.signatureImageAsBase64);
    setHasDrawing(true);
  };

  const returnSigned = async () => {
    if (!ready || !consent.data || !canvas.current) return;
    if (needsConsent && !agreed) {
      setConsentError(true);
      return;
    }
    try {
      if (needsConsent) await agree.mutateAsync(consent.data.version);
      const image = mode === 'draw' && savedImage ? savedImage : canvasPng(canvas.current);
      const returned = await returnDocument.mutateAsync({
        signed: true,
        fullName: fullName.trim(),
        signatureImageAsBase64: image,
        page: placement.page,
        area: placement.area,
        consentVersion: consent.data.version,
        saveSignature: saveForNextTime,
      });
      onReturned(returned, true);
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  const failure = returnDocument.error ?? agree.error ?? consent.error;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{signatureDialogLabels.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Page {placement.page}: your signature, name and the date are placed where you marked.
          </Typography>
          <TextField
            label={signatureDialogLabels.fullName}
            required
            fullWidth
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            onBlur={() => setNameTouched(true)}
            error={error !== null}
            helperText={error ?? ' '}
            autoComplete="name"
          />
          <Box>
            <Tabs
              value={mode}
              onChange={(_, next: Mode) => changeMode(next)}
              aria-label="How to sign"
            >
              <Tab
                value="draw"
                label="Draw"
                id={`${titleId}-draw`}
                aria-controls={`${titleId}-pad`}
              />
              <Tab
                value="type"
                label="Type"
                id={`${titleId}-type`}
                aria-controls={`${titleId}-pad`}
              />
            </Tabs>
            <Box
              role="tabpanel"
              id={`${titleId}-pad`}
              aria-labelledby={`${titleId}-${mode}`}
              sx={{ pt: 1 }}
            >
              <SignaturePad
                canvasRef={canvas}
                drawable={mode === 'draw'}
                label={mode === 'draw' ? signatureDialogLabels.pad : signatureDialogLabels.typedPad}
                onStroke={() => {
                  setSavedImage(null);
                  setHasDrawing(true);
                }}
              />
              <Stack
                direction="row"
                spacing={1}
                sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                {mode === 'draw' ? (
                  <>
                    <Button size="small" onClick={clear} disabled={!hasDrawing}>
                      {signatureDialogLabels.clear}
                    </Button>
                    {stored.data && (
                      <Button size="small" onClick={applySaved}>
                        {signatureDialogLabels.useSaved}
                      </Button>
                    )}
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Your full name, as typed above, is your signature.
                  </Typography>
                )}
              </Stack>
              {mode === 'draw' && !hasDrawing && (
                <FormHelperText>{signingMessages.imageRequired}</FormHelperText>
              )}
            </Box>
          </Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={saveForNextTime}
                onChange={(_, checked) => setSaveForNextTime(checked)}
              />
            }
            label={signatureDialogLabels.saveForNextTime}
          />
          {needsConsent && consent.data && (
            <EsignConsentField
              text={consent.data.text}
              agreeLabel={signatureDialogLabels.agree}
              agreed={agreed}
              onAgreedChange={(checked) => {
                setAgreed(checked);
                if (checked) setConsentError(false);
              }}
              showError={consentError}
              withHeading
            />
          )}
          {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={onReturnUnsigned} disabled={busy}>
          {signatureDialogLabels.returnUnsigned}
        </Button>
        <Button variant="contained" onClick={() => void returnSigned()} disabled={!ready}>
          {signatureDialogLabels.returnSigned}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
