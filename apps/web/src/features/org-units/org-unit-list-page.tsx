import { PlaceholderPage } from '../../components/placeholder-page';

export function OrgUnitListPage() {
  return (
    <PlaceholderPage
      title="Profiles"
      description="Your company's profiles with a search box and a New Profile button."
    />
  );
}
