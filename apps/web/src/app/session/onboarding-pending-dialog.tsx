import { useState } from 'react';
import { useSession } from '../../features/session/use-session';
import { SentInvitationDialog } from '../../features/invitations/sent-invitation-dialog';
import { SESSION_FLAG_PREFIX } from '../auth/auth-context';

function readFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * Spec 2 §2.10, §4.4: while the company's onboarding request waits for the inviter, the
 * 'Sent Invitation' dialog blocks the user at startup (once per browser session and company).
 */
export function OnboardingPendingDialog() {
  const { company } = useSession();
  const key = `${SESSION_FLAG_PREFIX}onboardingPendingShown.${company.id}`;
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);

  const ok = () => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Without storage it shows again after a reload; harmless.
    }
    setDismissedKey(key);
  };

  return (
    <SentInvitationDialog
      open={company.onBoardingProcessPending && dismissedKey !== key && !readFlag(key)}
      onOk={ok}
    />
  );
}
