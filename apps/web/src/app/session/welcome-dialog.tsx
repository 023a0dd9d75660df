import { useEffect, useId, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { PRODUCT_NAME, UserType } from '@flowline/shared';
import { useSession } from '../../features/session/use-session';
import { useWelcomeMessageDisplayed } from '../../features/session/api';
import { SESSION_FLAG_PREFIX } from '../auth/auth-context';
import { useOnboardingDialogOpen } from './startup-dialogs';

function shownKey(userId: number, companyId: number) {
  return `${SESSION_FLAG_PREFIX}welcomeShown.${userId}.${companyId}`;
}

function wasShown(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function markShown(key: string) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Without storage it may show again after a reload; harmless.
  }
}

/**
 * Spec 2 §2.4. Opened only for Administrators: everything it offers (logo, W9, insurance
 * certificate) is on admin screens a regular user could not open.
 *
 * It opens on Home only: a deep link (a document, a list) is never covered on first load; the
 * dialog waits until the user comes Home, and while the 'Sent Invitation' dialog of a pending
 * onboarding is open. It is remembered as displayed the moment it opens, so a
 * reload does not bring it back in the same session; a Global (support) user reports it at once
 * and the server then stops offering it in that company.
 */
export function WelcomeDialog() {
  const { user, company, isAdministrator } = useSession();
  const navigate = useNavigate();
  const onHome = useMatch('/') !== null;
  const titleId = useId();
  const key = shownKey(user.id, company.id);
  const eligible = user.showWelcomeMessage && isAdministrator;
  const [stage, setStage] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  const { mutate: report } = useWelcomeMessageDisplayed();
  const isGlobal = user.userType === UserType.Global;
  // One dialog at a time: a pending onboarding's 'Sent Invitation' comes first (issue 27 item 21).
  const onboardingFirst = useOnboardingDialogOpen(company.id, company.onBoardingProcessPending);

  if (stage === 'waiting' && eligible && onHome && !onboardingFirst && !wasShown(key))
    setStage('open');
  const open = stage === 'open';

  useEffect(() => {
    if (!open) return;
    markShown(key);
    if (isGlobal) report({ doNotShowAgain: false });
  }, [open, key, isGlobal, report]);

  const close = (goToLogo: boolean) => {
    setStage('closed');
    report({ doNotShowAgain });
    if (goToLogo) navigate('/admin/logo');
  };

  return (
    <Dialog open={open} onClose={() => close(false)} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>Welcome to {PRODUCT_NAME}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {company.name} is now on the {PRODUCT_NAME} network. Help your connections recognise you
          and get what they need from you: upload your company logo, your W9 and your insurance
          certificate.
        </DialogContentText>
        <FormControlLabel
          control={
            <Checkbox
              checked={doNotShowAgain}
              onChange={(e) => setDoNotShowAgain(e.target.checked)}
            />
          }
          label="Do not show this message again"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)}>Skip for now</Button>
        <Button variant="contained" onClick={() => close(true)}>
          Take me to logo
        </Button>
      </DialogActions>
    </Dialog>
  );
}
