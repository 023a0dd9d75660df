import { PlaceholderPage } from '../../components/placeholder-page';

export function InboxPage() {
  return (
    <PlaceholderPage
      title="Inbox"
      description="Documents received by your company, newest first, with a remembered search."
    />
  );
}
