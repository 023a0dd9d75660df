import { PlaceholderPage } from '../../components/placeholder-page';

export function NotificationsPage() {
  return (
    <PlaceholderPage
      title="Notifications"
      description="Your in-app notifications, paged, each one can be marked as read."
    />
  );
}
