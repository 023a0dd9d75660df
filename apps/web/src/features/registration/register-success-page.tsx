import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function RegisterSuccessPage() {
  const [params] = useSearchParams();
  const companyName = params.get('companyName');
  return (
    <PlaceholderPage
      title="Registration Successful"
      description={`${companyName ? `${companyName} is registered. ` : ''}Please check your email for further instructions.`}
    />
  );
}
