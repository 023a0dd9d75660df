import { useMatch } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /register, /register/:invitationToken and /onboarding/:invitationToken (boarding mode). */
export function RegisterPage() {
  const boarding = useMatch('/onboarding/:invitationToken') !== null;
  return (
    <PlaceholderPage
      title="Sign Up"
      description={
        boarding
          ? 'Register your company to answer the invitation you received.'
          : 'Register your company (Account Details) together with its first administrator (Administrative User).'
      }
    />
  );
}
