import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function AchFormPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={id === 'create' ? 'Create ACH' : 'Edit ACH'}
      description="Bank Name, Country, Routing Number, Account Number, Account Type, Profiles and Connections."
    />
  );
}
