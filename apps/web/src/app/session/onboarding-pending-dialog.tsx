import { useSession } from '../../features/session/use-session';
import { SentInvitationDialog } from '../../features/invitations/sent-invitation-dialog';
import { markOnboardingDialogShown, useOnboardingDialogOpen } from './startup-dialogs';

/**
 * Spec 2 §2.10, §4.4: while the company's onboarding request waits for the inviter, the
 * 'Sent Invitation' dialog blocks the user at startup (once per browser session and company).
 * The welcome dialog waits until it is closed (startup-dialogs.ts).
 */
export function OnboardingPendingDialog() {
  const { company } = useSession();
  const open = useOnboardingDialogOpen(company.id, company.onBoardingProcessPending);
  return <SentInvitationDialog open={open} onOk={() => markOnboardingDialogShown(company.id)} />;
}
