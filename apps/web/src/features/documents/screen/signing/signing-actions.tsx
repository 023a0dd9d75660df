import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import {
  declineMessages,
  DivisionOrderResponse,
  DocumentTemplate,
  MetadataKey,
  UserType,
  type DocumentDto,
} from '@flowline/shared';
import { useSnackbar } from '../../../../components/snackbar';
import { errorMessage } from '../../../../lib/api-error';
import { useSession } from '../../../session/use-session';
import { downloadFile } from '../api';
import { certificatePath, useVerifyEvidence } from './api';

export const signingActionMessages = {
  cannotSign: 'Your account cannot sign documents',
  evidenceValid: (entries: number) =>
    `The signature evidence is intact: ${entries} ${entries === 1 ? 'entry' : 'entries'} verified.`,
  evidenceBroken: (entryId: number, reason: string) =>
    `The signature evidence breaks at entry ${entryId}: ${reason}`,
} as const;

/**
 * Spec 1 §4, §6: Return where the shared rule allows it; for a Global user in the signing flow it
 * shows disabled. A returned or read-only division order shows no Return at all.
 */
export function ReturnButton({
  doc,
  onReturn,
  onReturnUnsigned,
}: {
  doc: DocumentDto;
  onReturn(): void;
  /** Issue 31 item 3: 'Decline' beside Return, with a required reason in a dialog. */
  onReturnUnsigned(): void;
}) {
  const { user } = useSession();
  if (doc.availableActions.returnSign) {
    return (
      <>
        <Button variant="contained" onClick={onReturn}>
          Return
        </Button>
        <Button variant="outlined" color="error" onClick={onReturnUnsigned}>
          {declineMessages.action}
        </Button>
      </>
    );
  }
  const globalInFlow =
    doc.isSignAndReturnFlow && !doc.isReadOnly && user.userType === UserType.Global;
  if (!globalInFlow) return null;
  return (
    <Tooltip title={signingActionMessages.cannotSign}>
      <span>
        <Button variant="contained" disabled>
          Return
        </Button>
      </span>
    </Tooltip>
  );
}

/** A pending division order that came back signed (either company's view). */
export function isReturnedSigned(doc: DocumentDto): boolean {
  if (doc.documentTypeTemplateId !== DocumentTemplate.PendingDivisionOrder) return false;
  if (doc.documentSignatures.length > 0) return true;
  const response = doc.metadata.find(
    (entry) => entry.metadata.key === MetadataKey.divisionOrderResponseStatus,
  );
  return (
    (response?.lookupValue?.lookupValue ?? response?.value) === DivisionOrderResponse.returnedSigned
  );
}

/** On a signed division order: the certificate of completion and the evidence check. */
export function SignedDocumentTools({ doc }: { doc: DocumentDto }) {
  const snackbar = useSnackbar();
  const verify = useVerifyEvidence(doc.id);
  const [open, setOpen] = useState(false);
  if (!isReturnedSigned(doc)) return null;

  const check = () => {
    setOpen(true);
    verify.mutate();
  };

  const result = verify.data;
  return (
    <>
      <Button
        variant="outlined"
        onClick={() =>
          void downloadFile(certificatePath(doc.id), `certificate-${doc.id}.pdf`).catch((error) =>
            snackbar.showError(errorMessage(error)),
          )
        }
      >
        Certificate
      </Button>
      <Button variant="outlined" onClick={check}>
        Verify signature evidence
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="evidence-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="evidence-title">Signature evidence</DialogTitle>
        <DialogContent>
          {verify.isPending && <Alert severity="info">Checking the evidence…</Alert>}
          {verify.isError && <Alert severity="error">{errorMessage(verify.error)}</Alert>}
          {result &&
            (result.valid ? (
              <Alert severity="success">
                {signingActionMessages.evidenceValid(result.entries)}
              </Alert>
            ) : (
              <Alert severity="error">
                {result.brokenAt
                  ? signingActionMessages.evidenceBroken(
                      result.brokenAt.entryId,
                      result.brokenAt.reason,
                    )
                  : 'The signature evidence is not valid.'}
              </Alert>
            ))}
          {result?.headHash && (
            <Alert severity="info" icon={false} sx={{ mt: 1, wordBreak: 'break-all' }}>
              Head hash: {result.headHash}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
