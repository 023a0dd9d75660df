import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  signatureFieldMessages,
  signingMessages,
  type DocumentDto,
  type SignatureArea,
} from '@flowline/shared';
import { useSnackbar } from '../../../../components/snackbar';
import type { SignatureCapture } from './capture-layer';
import { ReturnUnsignedDialog } from './return-unsigned-dialog';
import { SignatureDialog } from './signature-dialog';
import { useSignatureField } from './signature-field-api';

type Stage =
  | { step: 'idle' }
  | { step: 'desktopNeeded' }
  | { step: 'capture' }
  | { step: 'dialog'; page: number; area: SignatureArea }
  | { step: 'confirmUnsigned' };

export interface Signing {
  /** Return pressed: validates the whole document, then capture mode (or the phone dialog). */
  start(validate: () => boolean): void;
  /** Return unsigned pressed (beside Return or in the signature dialog): asks to confirm. */
  returnUnsigned(): void;
  /** For the viewer while it is in signature-capture mode. */
  capture: SignatureCapture | null;
  dialogs: React.ReactNode;
}

/** Spec 1 §4 'Pending division order signing': Return → capture → signature dialog → returned. */
export function useSigning(doc: DocumentDto): Signing {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const idle = () => setStage({ step: 'idle' });

  const start = (validate: () => boolean) => {
    if (!validate()) return;
    setStage({ step: phone ? 'desktopNeeded' : 'capture' });
  };

  const returnUnsigned = () => setStage({ step: 'confirmUnsigned' });

  // Issue 31 item 1: the field placed for the owner is highlighted; one click signs there.
  const field = useSignatureField(doc.id, doc.availableActions.returnSign).data?.field ?? null;
  const capture: SignatureCapture | null =
    stage.step === 'capture'
      ? {
          onCaptured: (page, area) => setStage({ step: 'dialog', page, area }),
          onCancel: idle,
          field: field && { page: field.page, area: field.area },
          fieldAction: 'sign',
          hint: field ? signatureFieldMessages.captureHintWithField : undefined,
        }
      : null;

  const onReturned = (returned: DocumentDto, signed: boolean) => {
    idle();
    snackbar.showSuccess(
      signed ? signingMessages.returnedSigned : signingMessages.returnedUnsigned,
    );
    // A signed return is a new version: open it.
    if (returned.id !== doc.id) void navigate(`/documents/${returned.id}`);
  };

  const dialogs = (
    <>
      <Dialog
        open={stage.step === 'desktopNeeded'}
        onClose={idle}
        aria-labelledby="desktop-needed-title"
      >
        <DialogTitle id="desktop-needed-title">Desktop version needed</DialogTitle>
        <DialogContent>
          <DialogContentText>{signingMessages.desktopNeeded}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={idle} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
      {stage.step === 'dialog' && (
        <SignatureDialog
          doc={doc}
          placement={{ page: stage.page, area: stage.area }}
          // Spec 1 §4: Cancel returns the viewer to click-to-fill mode.
          onCancel={idle}
          onReturned={onReturned}
          onReturnUnsigned={returnUnsigned}
        />
      )}
      {stage.step === 'confirmUnsigned' && (
        <ReturnUnsignedDialog
          doc={doc}
          onCancel={idle}
          onReturned={(returned) => onReturned(returned, false)}
        />
      )}
    </>
  );

  return { start, returnUnsigned, capture, dialogs };
}
