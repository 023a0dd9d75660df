import { PlaceholderPage } from '../../components/placeholder-page';

export function HomePage() {
  return (
    <PlaceholderPage
      title="Home"
      description="Your dashboard: AR invoices sent and their payment status, division orders returned, owner and operator documents received — the widgets follow your company's connection types."
    />
  );
}
