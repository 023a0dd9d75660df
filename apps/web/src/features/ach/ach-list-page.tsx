import { PlaceholderPage } from '../../components/placeholder-page';

export function AchListPage() {
  return (
    <PlaceholderPage
      title="ACH"
      description="Your bank forms (Bank Name, Routing Number, Account Number, Account Type, Profiles, Connection) and a Create New button."
    />
  );
}
