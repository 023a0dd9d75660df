import { PlaceholderPage } from '../../components/placeholder-page';

export function InvitationListPage() {
  return (
    <PlaceholderPage
      title="Invitations"
      description="Invitations received from other companies, to accept, reject or delete."
    />
  );
}
