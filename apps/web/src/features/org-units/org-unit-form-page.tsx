import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Spec 3 §2: the heading is Create or Edit. */
export function OrgUnitFormPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={id === 'create' ? 'Create' : 'Edit'}
      description="The profile's details and the active users assigned to it."
    />
  );
}
