import { PlaceholderPage } from '../../components/placeholder-page';

export function LogoPage() {
  return (
    <PlaceholderPage
      title="Logo"
      description="Your company logo is resized to 250px wide and 50px tall. Upload it here; it is saved automatically."
    />
  );
}
