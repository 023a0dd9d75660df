import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { duplicateMessages, type DocumentDto } from '@flowline/shared';
import { useDateFormatter } from '../../../preferences';

/**
 * Issue 12 item 7: on both sides, an invoice that looks like one already sent (same file or the
 * same invoice number) says so, with a link to the other one.
 */
export function DuplicateWarning({ doc }: { doc: DocumentDto }) {
  const { formatDate } = useDateFormatter();
  if (doc.possibleDuplicates.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Possible duplicate</AlertTitle>
      {doc.possibleDuplicates.map((d) => (
        <div key={d.documentId}>
          {duplicateMessages.warning(d.number ?? `#${d.documentId}`, formatDate(d.sentAt))}{' '}
          {d.reason === 'sameFile' ? '(the same file) ' : ''}
          <Link component={RouterLink} to={`/documents/${d.documentId}`}>
            Open it
          </Link>
        </div>
      ))}
    </Alert>
  );
}
