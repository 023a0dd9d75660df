import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { RouteStatus, type DocumentDto } from '@flowline/shared';
import { useRejectionReason } from './api';

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
