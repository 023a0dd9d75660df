import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { legalDocumentTypeName } from './legal-document-names';

export function LegalDocumentFormPage() {
  const { legalDocumentTypeId, id } = useParams();
  const name = legalDocumentTypeName(legalDocumentTypeId);
  return (
    <PlaceholderPage
      title={id === 'create' ? `Upload ${name}` : `Edit ${name}`}
      description="The file, its privacy setting and whether it is active."
    />
  );
}
