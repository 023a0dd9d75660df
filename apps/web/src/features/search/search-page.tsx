import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <PlaceholderPage
      title={`Search Result for ${q}`}
      description="Documents matching your search across metadata and document text, in a paged table."
    />
  );
}
