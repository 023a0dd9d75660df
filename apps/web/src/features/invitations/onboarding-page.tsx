import { PlaceholderPage } from '../../components/placeholder-page';

export function OnboardingPage() {
  return (
    <PlaceholderPage
      title="Onboarding"
      description="Sending an invitation to a company that is joining the network."
    />
  );
}
