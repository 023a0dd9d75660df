import { PlaceholderPage } from '../../components/placeholder-page';

/** Open to every role: non-administrators register the invitation and are told to ask their admin. */
export function RegisterInvitationPage() {
  return (
    <PlaceholderPage
      title="Invitation"
      description="Saving the invitation you received to one of your companies."
    />
  );
}
