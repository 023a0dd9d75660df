import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { DocumentTemplate, RouteStatus, signingMessages, type DocumentDto } from '@flowline/shared';
import { useReturnReason } from './api';

/**
 * A division order returned unsigned with a reason shows it, titled 'Return Reason', to both
 * companies — the operator above all (issue 27 item 12). Nothing when no reason was given.
 */
export function ReturnReason({ doc }: { doc: DocumentDto }) {
  const returned =
    doc.documentTypeTemplateId === DocumentTemplate.PendingDivisionOrder &&
    doc.routeStatusId === RouteStatus.Returned &&
    doc.documentSignatures.length === 0;
  const reason = useReturnReason(doc.id, returned);
  if (!returned || !reason.data?.reason) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
      <AlertTitle>{signingMessages.returnReasonTitle}</AlertTitle>
      {reason.data.reason}
    </Alert>
  );
}
