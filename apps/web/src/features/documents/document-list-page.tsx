import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { useDocumentTypes } from '../document-types/api';

/** Spec 3 §2: the title is the document type name plus 's'. */
export function DocumentListPage() {
  const { documentTypeId } = useParams();
  const type = useDocumentTypes().data?.find((t) => String(t.id) === documentTypeId);
  const title = type ? `${type.name}s` : 'Documents';
  return (
    <PlaceholderPage
      title={title}
      description="The documents of this type sent and received by your company, with status tabs, search and paging."
    />
  );
}
