import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function UserFormPage() {
  const { id } = useParams();
  const creating = id === 'create';
  return (
    <PlaceholderPage
      title={creating ? 'Create User' : 'Edit User'}
      description="The user's details and roles in your company, with Save and Cancel."
    />
  );
}
