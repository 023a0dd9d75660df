import { PlaceholderPage } from '../../components/placeholder-page';

export function ConnectConnectionPage() {
  return (
    <PlaceholderPage
      title="Connect"
      description="The connect wizard: use an existing profile or create a new one."
    />
  );
}
