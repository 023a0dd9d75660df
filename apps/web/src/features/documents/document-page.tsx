import { useParams } from 'react-router';
import { DocumentNotAvailable, DocumentScreen } from './screen/document-screen';

/** Route entry of /documents/{id} (spec 3 §2 'Document'). */
export function DocumentPage() {
  const { id } = useParams();
  const documentId = Number(id);
  if (!Number.isInteger(documentId) || documentId <= 0) return <DocumentNotAvailable />;
  return <DocumentScreen id={documentId} />;
}
