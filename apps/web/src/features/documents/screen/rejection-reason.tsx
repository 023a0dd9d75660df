import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { RouteStatus, type DocumentDto } from '@flowline/shared';
import { useDisputeComment, useRejectionReason } from './api';

/** A Rejected document shows its reason as a warning titled 'Rejection Reason' (spec 1 §2, §4). */
export function RejectionReason({ doc }: { doc: DocumentDto }) {
  const rejected = doc.routeStatusId === RouteStatus.Rejected;
  const reason = useRejectionReason(doc.id, rejected);
  if (!rejected || reason.isPending) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Rejection Reason</AlertTitle>
      {reason.data?.reason || 'No reason was given.'}
    </Alert>
  );
}

/**
 * A Disputed invoice (issue 29 item 2) shows the receiver's comment on both sides; the sender
 * answers with a chat message about the document or resubmits a corrected version.
 */
export function DisputeComment({ doc }: { doc: DocumentDto }) {
  const disputed = doc.routeStatusId === RouteStatus.Disputed;
  const comment = useDisputeComment(doc.id, disputed);
  if (!disputed || comment.isPending) return null;
  const sender = doc.side === 'sent';
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Disputed</AlertTitle>
      {comment.data?.reason || 'No comment was given.'}
      {sender && (
        <>
          <br />
          Answer with a message in Chat (attach this document), or correct it and Resubmit.
        </>
      )}
    </Alert>
  );
}
