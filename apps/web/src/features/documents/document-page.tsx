import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function DocumentPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={`Document ${id ?? ''}`.trim()}
      description="The document viewer with its metadata, line items, history, attachments and workflow actions."
    />
  );
}
