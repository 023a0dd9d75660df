import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { legalDocumentTypeName } from './legal-document-names';

export function LegalDocumentListPage() {
  const { legalDocumentTypeId } = useParams();
  return (
    <PlaceholderPage
      title={legalDocumentTypeName(legalDocumentTypeId)}
      description="Uploaded versions (Upload Date, Privacy, Is Active, DocumentType) and an Upload New button."
    />
  );
}
