import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  DOCUMENT_ACTION_PARAM,
  decideWorkflowMove,
  parseDocumentLinkAction,
  workflowMessages,
  type DocumentDto,
  type DocumentLinkAction,
} from '@flowline/shared';
import { useSession } from '../session/use-session';

/** History state of a document opened from a link: Cancel/Close go to the list, not back. */
export interface OpenedFromLinkState {
  openedDirectly?: boolean;
}

export interface LinkActionRefusal {
  action: DocumentLinkAction;
  message: string;
}

/**
 * Act from the e-mail (issue 29 item 4; docs/approvals.md): `/documents/{id}?action=approve`
 * (or `reject`) opens the action's dialog once the screen knows whether the user may act — or,
 * when they may not (already approved, not their turn, over their limit), says why, with the
 * same words as the Approve button's explanation. The link never acts by itself: the dialog
 * waits for the user's confirmation. The parameter leaves the address once handled (replace), so
 * a reload or Back does not open the dialog again.
 */
export function useDocumentLinkAction({
  doc,
  approvalsPending,
  approveRefusal,
  onOpen,
}: {
  doc: DocumentDto;
  /** The approval chain is still loading (the refusal is not known yet). */
  approvalsPending: boolean;
  /** The chain's refusal for the caller (the Approve button's explanation). */
  approveRefusal: string | null;
  onOpen(action: DocumentLinkAction): void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [refusal, setRefusal] = useState<LinkActionRefusal | null>(null);
  const [refusalOpen, setRefusalOpen] = useState(false);
  /** The history entry whose action was handled (a later link to this screen is a new one). */
  const [handledKey, setHandledKey] = useState<string | null>(null);
  const params = new URLSearchParams(location.search);
  const present = params.has(DOCUMENT_ACTION_PARAM);
  const action = parseDocumentLinkAction(params.get(DOCUMENT_ACTION_PARAM));
  const ready = !(action === 'approve' && doc.workflowActions.approve && approvalsPending);

  /** Why the user cannot take the action now, or null when the dialog may open. */
  const refusalOf = (wanted: DocumentLinkAction): string | null => {
    const allowed = wanted === 'approve' ? doc.workflowActions.approve : doc.workflowActions.reject;
    if (allowed) return wanted === 'approve' ? approveRefusal : null;
    // The status or the role does not allow it: the transition table's own words.
    const move = decideWorkflowMove({
      action: wanted,
      templateId: doc.documentTypeTemplateId,
      documentTypeId: doc.documentTypeId,
      routeStatusId: doc.routeStatusId,
      side: doc.side,
      userType: user.userType,
      roles: user.roles,
    });
    return move.allowed ? workflowMessages.roleRefused : move.message;
  };

  // Handled while rendering (the state of the component using this hook), once per entry.
  if (present && ready && handledKey !== location.key) {
    setHandledKey(location.key);
    if (action) {
      const message = refusalOf(action);
      if (message) {
        setRefusal({ action, message });
        setRefusalOpen(true);
      } else onOpen(action);
    }
  }

  // Then the parameter leaves the address (replace: a reload or Back does not reopen it).
  const handled = present && handledKey === location.key;
  useEffect(() => {
    if (!handled) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(DOCUMENT_ACTION_PARAM);
    const search = rest.toString();
    const previous = location.state as OpenedFromLinkState | null;
    const state: OpenedFromLinkState = {
      ...previous,
      openedDirectly: location.key === 'default' || previous?.openedDirectly === true,
    };
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state },
    );
  }, [handled, location, navigate]);

  return { refusal, refusalOpen, dismissRefusal: () => setRefusalOpen(false) };
}

/** Instead of the dialog: why the link's action cannot be taken now. */
export function LinkActionRefusalDialog({
  refusal,
  open,
  onClose,
}: {
  refusal: LinkActionRefusal | null;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Dialog
      open={open && refusal !== null}
      onClose={onClose}
      aria-labelledby="link-refusal-title"
      aria-describedby="link-refusal-message"
    >
      <DialogTitle id="link-refusal-title">
        {refusal?.action === 'reject' ? 'Cannot reject' : 'Cannot approve'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="link-refusal-message">{refusal?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
