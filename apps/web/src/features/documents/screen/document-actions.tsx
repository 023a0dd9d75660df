import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  approvalMessages,
  decideWorkflowMove,
  DocumentTemplate,
  MetadataKey,
  RouteStatus,
  documentMessages,
  missingRequiredFields,
  requiredFieldMessage,
  senderLineColumns,
  validateDocumentForSend,
  duplicateMessages,
  workflowMessages,
  type DateFormat,
  type DocumentDto,
} from '@flowline/shared';
import { ConfirmDialog } from '../../../components/data-table';
import { useSnackbar } from '../../../components/snackbar';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useDateFormatter } from '../../preferences';
import {
  documentDownloadPath,
  downloadFile,
  useCancelPublish,
  useDeleteDocument,
  usePublishDocument,
  useSaveDocumentMetadata,
} from './api';
import {
  buildSavePayload,
  currentValues,
  fieldName,
  type MetadataFormValues,
} from './metadata/form-values';
import type { LineItemsDraft } from './line-items/use-line-items-draft';
import { serverFieldErrors } from './server-errors';
import { ReturnButton, SignedDocumentTools } from './signing/signing-actions';
import type { Signing } from './signing/use-signing';
import {
  useApproveDocument,
  useDisputeDocument,
  useHoldDocument,
  useRejectDocument,
  useReleaseHold,
  useResubmit,
} from './workflow/api';
import { CommentDialog } from './workflow/comment-dialog';
import { RejectDialog } from './workflow/reject-dialog';
import { ApproveDialog } from '../../approvals/approve-dialog';
import { hasApprovalChain } from '../../approvals/approval-chain-panel';
import { useDocumentApprovals } from '../../approvals/api';
import {
  LinkActionRefusalDialog,
  useDocumentLinkAction,
  type OpenedFromLinkState,
} from '../../approvals/action-link';
import { ReplaceFileDialog } from './workflow/replace-file-dialog';
import { useSession } from '../../session/use-session';

// 'Assign to' (issue 29 item 5) is the Inbox's bulk dialog for this one invoice, loaded when used.
const BulkActionDialog = lazy(() =>
  import('../../inbox/bulk-action-dialog').then((m) => ({ default: m.BulkActionDialog })),
);

/** Our wording (the spec has none for a save or a delete). */
export const screenMessages = {
  saved: 'Document Saved',
  deleted: 'Document Deleted',
  noChanges: 'There are no changes to save',
  fixFields: 'Please correct the highlighted fields',
  resubmitted: 'The corrected version was sent',
} as const;

export const documentFormId = 'document-metadata-form';

type Confirm =
  'cancelSend' | 'delete' | 'approve' | 'reject' | 'hold' | 'dispute' | 'replaceFile' | null;

/** A file chosen with Replace file: uploaded as a temporary replacement, shown in the viewer. */
export interface Replacement {
  id: number;
  fileName: string;
  /** The file as chosen, for the viewer (what will be sent). */
  file: File;
}

/**
 * Save and Send for the metadata form (used by the header and the mobile drawer). Save sends
 * only the changed fields; Send validates the whole document first (spec 1 §4, §5).
 */
export function useDocumentCommands(
  doc: DocumentDto,
  form: UseFormReturn<MetadataFormValues>,
  dateFormat: DateFormat,
  /** The detail line items being edited: validated with the document and saved before Send. */
  lines?: LineItemsDraft,
) {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const saveMutation = useSaveDocumentMetadata(doc.id);
  const publish = usePublishDocument(doc.id);
  const editable = doc.availableActions.edit;

  const showServerErrors = (error: unknown, payload: ReturnType<typeof buildSavePayload>) => {
    for (const { name, message } of serverFieldErrors(error, payload, doc.metadata)) {
      form.setError(name, { type: 'server', message });
    }
    snackbar.showError(errorMessage(error));
  };

  const invalid = () => snackbar.showError(screenMessages.fixFields);

  const [duplicatePrompt, setDuplicatePrompt] = useState<{
    metadata: ReturnType<typeof buildSavePayload>;
  } | null>(null);
  const publishNow = async (
    metadata: ReturnType<typeof buildSavePayload>,
    confirmDuplicate: boolean,
  ) => {
    try {
      await publish.mutateAsync(confirmDuplicate ? { metadata, confirmDuplicate } : { metadata });
      snackbar.showSuccess(documentMessages.documentSent);
      void navigate(`/documentlist/${doc.documentTypeId}`);
    } catch (error) {
      // Another user sent a look-alike meanwhile: ask, as if it had been known.
      if (isApiError(error) && error.code === 'possible_duplicate')
        setDuplicatePrompt({ metadata });
      else showServerErrors(error, metadata);
    }
  };

  const save = form.handleSubmit(async (values) => {
    const metadata = buildSavePayload(doc.metadata, values, dateFormat, editable);
    if (metadata.length === 0) {
      snackbar.showInfo(screenMessages.noChanges);
      return;
    }
    try {
      await saveMutation.mutateAsync({ metadata });
      snackbar.showSuccess(screenMessages.saved);
    } catch (error) {
      showServerErrors(error, metadata);
    }
  }, invalid);

  /** Spec 1 §4/§5: the whole document is validated before Send and before signing. */
  const validateWhole = (values: MetadataFormValues): boolean => {
    const input = {
      templateId: doc.documentTypeTemplateId,
      definitions: doc.metadata.map((e) => e.metadata),
      values: currentValues(doc.metadata, values, dateFormat),
      lineItems: lines?.enabled ? { columns: senderLineColumns, rows: lines.lines } : null,
    };
    const message = validateDocumentForSend(input);
    if (message) {
      // The validator's message, and each missing field marked in the form (issue 11 item 21).
      const missing = missingRequiredFields(input);
      missing.forEach((definition, i) =>
        form.setError(
          fieldName(definition.id),
          { type: 'required', message: requiredFieldMessage(definition.name) },
          { shouldFocus: i === 0 },
        ),
      );
      snackbar.showError(message);
      return false;
    }
    return true;
  };

  const send = form.handleSubmit(async (values) => {
    // Issue 27 item 7: what the user typed is saved first; a failed check only stops the send.
    if (lines?.dirty) {
      try {
        await lines.save();
      } catch (error) {
        snackbar.showError(errorMessage(error));
        return;
      }
    }
    const metadata = buildSavePayload(doc.metadata, values, dateFormat, editable);
    if (metadata.length > 0) {
      try {
        await saveMutation.mutateAsync({ metadata });
        // The form now holds the saved values: they are no longer changes.
        form.reset(values);
      } catch (error) {
        showServerErrors(error, metadata);
        return;
      }
    }
    if (!validateWhole(values)) return;
    // Issue 12 item 7: an invoice that looks like one already sent is sent only once confirmed.
    if (doc.possibleDuplicates.length > 0) setDuplicatePrompt({ metadata: [] });
    else await publishNow([], false);
  }, invalid);

  /**
   * Resubmit in one step (issue 27 item 5): validated like Send, then the corrections and the
   * replacement file go to the server, which sends the new version at once.
   */
  const resubmitMutation = useResubmit();
  const resubmit = (replacementId: number | null) =>
    form.handleSubmit(async (values) => {
      if (!validateWhole(values)) return;
      const metadata = buildSavePayload(doc.metadata, values, dateFormat, editable);
      try {
        await resubmitMutation.mutateAsync({
          id: doc.id,
          replacementId,
          metadata,
          ...(lines?.enabled && lines.dirty ? { lines: lines.senderLines() } : {}),
        });
        snackbar.showSuccess(screenMessages.resubmitted);
        void navigate(`/documentlist/${doc.documentTypeId}`);
      } catch (error) {
        showServerErrors(error, metadata);
      }
    }, invalid)();

  return {
    save: () => void save(),
    send: () => void send(),
    resubmit: (replacementId: number | null) => void resubmit(replacementId),
    resubmitting: resubmitMutation.isPending,
    validate: () => validateWhole(form.getValues()),
    duplicatePromptOpen: duplicatePrompt !== null,
    confirmDuplicate: () => {
      if (!duplicatePrompt) return;
      setDuplicatePrompt(null);
      void publishNow(duplicatePrompt.metadata, true);
    },
    dismissDuplicate: () => setDuplicatePrompt(null),
    saving: saveMutation.isPending,
    sending: publish.isPending,
  };
}

/** The action buttons of spec 1 §4, as the server's availableActions allow them. */
export function DocumentActions({
  doc,
  commands,
  dirty,
  signing,
  replacement = null,
  onReplacement,
}: {
  doc: DocumentDto;
  commands: ReturnType<typeof useDocumentCommands>;
  dirty: boolean;
  /** Division-order signing (Return), started from here and carried out by the viewer. */
  signing?: Signing;
  /** The replacement file chosen for Resubmit (the screen shows it in the viewer). */
  replacement?: Replacement | null;
  onReplacement?: (replacement: Replacement) => void;
}) {
  const actions = doc.availableActions;
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const cancelPublish = useCancelPublish();
  const deleteDocument = useDeleteDocument();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const approve = useApproveDocument();
  const reject = useRejectDocument();
  const hold = useHoldDocument();
  const releaseHold = useReleaseHold();
  const dispute = useDisputeDocument();
  const workflow = doc.workflowActions;
  const { user } = useSession();
  const [assigning, setAssigning] = useState(false);
  // The waiting approval step can go to a named user (the transition table's 'assign' move).
  const mayAssign = decideWorkflowMove({
    action: 'assign',
    templateId: doc.documentTypeTemplateId,
    documentTypeId: doc.documentTypeId,
    routeStatusId: doc.routeStatusId,
    side: doc.side,
    userType: user.userType,
    roles: user.roles,
  }).allowed;
  // The approval chain decides who approves which step, up to which amount (docs/approvals.md).
  const approvals = useDocumentApprovals(doc.id, workflow.approve && hasApprovalChain(doc));
  const approveRefusal = approvals.data?.approveRefusal ?? null;
  // The mail's Approve / Reject buttons open this screen with the dialog ready (issue 29 item 4).
  const link = useDocumentLinkAction({
    doc,
    approvalsPending: hasApprovalChain(doc) && approvals.isPending,
    approveRefusal,
    onOpen: setConfirm,
  });
  const { formatDate } = useDateFormatter();
  const moving =
    approve.isPending ||
    reject.isPending ||
    hold.isPending ||
    releaseHold.isPending ||
    dispute.isPending ||
    commands.resubmitting;
  const listPath = `/documentlist/${doc.documentTypeId}`;
  const isArInvoice = doc.documentTypeTemplateId === DocumentTemplate.ArInvoice;
  const busy = commands.saving || commands.sending;

  const back = () => {
    // Opened directly (deep link, new tab, a mail's button): nothing to go back to but the list.
    const state = location.state as OpenedFromLinkState | null;
    if (location.key === 'default' || state?.openedDirectly) void navigate(listPath);
    else void navigate(-1);
  };

  const onCancel = () => {
    if (isArInvoice) setConfirm('cancelSend');
    else back();
  };

  const confirmCancelSend = () =>
    cancelPublish.mutate(doc.id, {
      onSuccess: () => {
        setConfirm(null);
        void navigate('/');
      },
      onError: () => setConfirm(null),
    });

  const confirmDelete = () =>
    deleteDocument.mutate(doc.id, {
      onSuccess: () => {
        setConfirm(null);
        snackbar.showSuccess(screenMessages.deleted);
        void navigate(listPath);
      },
      onError: () => setConfirm(null),
    });

  return (
    <>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { xs: 'flex-start', md: 'flex-end' } }}
      >
        <Tooltip title="Download">
          <IconButton
            aria-label={`Download ${doc.fileName}`}
            onClick={() =>
              void downloadFile(documentDownloadPath(doc.id), doc.fileName).catch((error) =>
                snackbar.showError(errorMessage(error)),
              )
            }
          >
            <FileDownloadOutlined />
          </IconButton>
        </Tooltip>
        {actions.edit && (
          <Button
            variant="outlined"
            type="submit"
            form={documentFormId}
            disabled={busy || !dirty}
            onClick={(event) => {
              event.preventDefault();
              commands.save();
            }}
          >
            Save
          </Button>
        )}
        {actions.send && (
          <Button variant="contained" disabled={busy} onClick={commands.send}>
            Send
          </Button>
        )}
        {signing && (
          <ReturnButton
            doc={doc}
            onReturn={() => signing.start(commands.validate)}
            onReturnUnsigned={signing.returnUnsigned}
          />
        )}
        <SignedDocumentTools doc={doc} />
        {workflow.approve && (
          <Tooltip title={approveRefusal ?? ''}>
            {/* A disabled button fires no events: the span carries the explanation. */}
            <span>
              <Button
                variant="contained"
                color="success"
                disabled={moving || approveRefusal !== null}
                aria-describedby={approveRefusal ? 'approve-refusal' : undefined}
                onClick={() => setConfirm('approve')}
              >
                Approve
              </Button>
              {approveRefusal && (
                <span id="approve-refusal" hidden>
                  {approveRefusal}
                </span>
              )}
            </span>
          </Tooltip>
        )}
        {workflow.reject && (
          <Button
            variant="outlined"
            color="error"
            disabled={moving}
            onClick={() => setConfirm('reject')}
          >
            Reject
          </Button>
        )}
        {workflow.hold && (
          <Button variant="outlined" disabled={moving} onClick={() => setConfirm('hold')}>
            Put on hold
          </Button>
        )}
        {mayAssign && (
          <Button variant="outlined" disabled={moving} onClick={() => setAssigning(true)}>
            Assign to
          </Button>
        )}
        {workflow.releaseHold && (
          <Button
            variant="contained"
            disabled={moving}
            onClick={() =>
              releaseHold.mutate(doc.id, {
                onSuccess: () => snackbar.showSuccess(workflowMessages.released),
                onError: (error) => snackbar.showError(errorMessage(error)),
              })
            }
          >
            Release hold
          </Button>
        )}
        {workflow.dispute && (
          <Button
            variant="outlined"
            color="warning"
            disabled={moving}
            onClick={() => setConfirm('dispute')}
          >
            Dispute
          </Button>
        )}
        {actions.replaceFile && (
          <Button variant="outlined" disabled={moving} onClick={() => setConfirm('replaceFile')}>
            {replacement ? `Replace file (${replacement.fileName})` : 'Replace file'}
          </Button>
        )}
        {actions.resubmit && (
          <Button
            variant="contained"
            disabled={moving || busy}
            onClick={() => commands.resubmit(replacement?.id ?? null)}
          >
            Resubmit
          </Button>
        )}
        {actions.cancel && (
          <Button variant="outlined" color="inherit" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        )}
        {actions.delete && (
          <Button variant="outlined" color="error" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        )}
        {actions.close && (
          <Button variant="outlined" color="inherit" onClick={() => void navigate(listPath)}>
            Close
          </Button>
        )}
      </Stack>
      <LinkActionRefusalDialog
        refusal={link.refusal}
        open={link.refusalOpen}
        onClose={link.dismissRefusal}
      />
      <ConfirmDialog
        open={confirm === 'cancelSend'}
        title="Cancel sending"
        message={documentMessages.cancelSendConfirm}
        confirmLabel="Yes"
        cancelLabel="No"
        busy={cancelPublish.isPending}
        onConfirm={confirmCancelSend}
        onClose={() => setConfirm(null)}
      />
      <ApproveDialog
        open={confirm === 'approve'}
        busy={approve.isPending}
        awaiting={approvals.data?.awaiting ?? null}
        onClose={() => setConfirm(null)}
        onApprove={(comment) =>
          approve.mutate(
            { id: doc.id, comment },
            {
              onSuccess: (updated) => {
                setConfirm(null);
                snackbar.showSuccess(
                  updated.routeStatusId === RouteStatus.Approved
                    ? workflowMessages.approved
                    : approvalMessages.stepApproved,
                );
              },
              onError: (error) => snackbar.showError(errorMessage(error)),
            },
          )
        }
      />
      {assigning && (
        <Suspense fallback={null}>
          <BulkActionDialog
            action="assign"
            rows={[
              {
                id: doc.id,
                documentTypeId: doc.documentTypeId,
                documentTypeName: doc.documentTypeName,
                routeStatusId: doc.routeStatusId,
                isRead: true,
                metadata: {
                  number:
                    doc.metadata.find((m) => m.metadata.key === MetadataKey.number)?.value ?? null,
                },
              },
            ]}
            onClose={() => setAssigning(false)}
          />
        </Suspense>
      )}
      <CommentDialog
        open={confirm === 'hold'}
        busy={hold.isPending}
        title="Put on hold"
        text="The invoice waits until someone releases the hold. Only your company sees the hold and its comment; the sender still sees Received."
        submitLabel="Put on hold"
        required={false}
        onClose={() => setConfirm(null)}
        onSubmit={(comment) =>
          hold.mutate(
            { id: doc.id, comment },
            {
              onSuccess: () => {
                setConfirm(null);
                snackbar.showSuccess(workflowMessages.heldOn);
              },
              onError: (error) => snackbar.showError(errorMessage(error)),
            },
          )
        }
      />
      <CommentDialog
        open={confirm === 'dispute'}
        busy={dispute.isPending}
        title="Dispute invoice"
        text="The sender sees 'Disputed' with this comment and can answer with a message or resubmit a corrected invoice."
        submitLabel="Dispute"
        required
        onClose={() => setConfirm(null)}
        onSubmit={(comment) =>
          dispute.mutate(
            { id: doc.id, comment: comment ?? '' },
            {
              onSuccess: () => {
                setConfirm(null);
                snackbar.showSuccess(workflowMessages.disputed);
              },
              onError: (error) => snackbar.showError(errorMessage(error)),
            },
          )
        }
      />
      <RejectDialog
        open={confirm === 'reject'}
        busy={reject.isPending}
        onClose={() => setConfirm(null)}
        onReject={(reason) =>
          reject.mutate(
            { id: doc.id, reason },
            {
              onSuccess: () => {
                snackbar.showSuccess(workflowMessages.rejected);
                setConfirm(null);
              },
              onError: (error) => snackbar.showError(errorMessage(error)),
            },
          )
        }
      />
      {actions.replaceFile && (
        <ReplaceFileDialog
          open={confirm === 'replaceFile'}
          documentId={doc.id}
          onClose={() => setConfirm(null)}
          onReplaced={(file) => {
            onReplacement?.(file);
            setConfirm(null);
          }}
        />
      )}
      <ConfirmDialog
        open={commands.duplicatePromptOpen}
        title="Possible duplicate"
        message={`${
          doc.possibleDuplicates[0]
            ? duplicateMessages.warning(
                doc.possibleDuplicates[0].number ?? `#${doc.possibleDuplicates[0].documentId}`,
                formatDate(doc.possibleDuplicates[0].sentAt),
              )
            : duplicateMessages.needsConfirmation
        } ${duplicateMessages.confirmSend}`}
        confirmLabel="Send anyway"
        busy={commands.sending}
        onConfirm={commands.confirmDuplicate}
        onClose={commands.dismissDuplicate}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete document"
        message={documentMessages.deleteConfirm}
        confirmLabel="Delete"
        busy={deleteDocument.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
