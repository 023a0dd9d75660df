import { PlaceholderPage } from '../../components/placeholder-page';

export function ConnectionFormPage() {
  return (
    <PlaceholderPage
      title="Connection"
      description="The connection's status, details and addresses, with Save and Delete."
    />
  );
}
