import { useMatch } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** /profile and /profile/unsubscribe are the same screen; the second opens in unsubscribe-email mode. */
export function ProfilePage() {
  const unsubscribe = useMatch('/profile/unsubscribe') !== null;
  return (
    <PlaceholderPage
      title="User Profile"
      description={
        unsubscribe
          ? 'Unsubscribe from e-mails: turn Receive Emails off in your preferences and save.'
          : 'Your profile (Email Address, First Name, Last Name, Title) and preferences (Date Format, Receive Emails).'
      }
    />
  );
}
