import { useParams } from 'react-router';
import { MAX_ID } from '@flowline/shared';
import { DocumentNotAvailable, DocumentScreen } from './screen/document-screen';

/** Route entry of /documents/{id} (spec 3 §2 'Document'). */
export function DocumentPage() {
  const { id } = useParams();
  const documentId = Number(id);
  // Ids are positive 32-bit integers: anything else names no document ('99999999999', 'abc').
  if (!/^\d+$/.test(id ?? '') || documentId <= 0 || documentId > MAX_ID) {
    return <DocumentNotAvailable />;
  }
  return <DocumentScreen id={documentId} />;
}
