import { PlaceholderPage } from '../../components/placeholder-page';

export function InvitationAcceptPage() {
  return (
    <PlaceholderPage
      title="Accept Invitation"
      description="The accept wizard: terms of acceptance, then an existing or a new profile for the connection."
    />
  );
}
