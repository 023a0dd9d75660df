import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { markOnboardingDialogShown } from '../../app/session/startup-dialogs';
import { resolveCompanyTarget } from '../session/company-target';
import { useSession } from '../session/use-session';
import { onboardInvitation } from './api';
import { SentInvitationDialog } from './sent-invitation-dialog';

/**
 * /admin/onboarding/{invitationToken} (spec 2 §2.10): no content of its own. A company that joined
 * through an e-mailed invite sends the inviter a connection request from the company chosen here.
 */
export function OnboardingPage() {
  const { invitationToken = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { company, companies, switchCompany } = useSession();
  const [answered, setAnswered] = useState(false);
  // Read from the URL on every render: after a company switch the router may keep this page.
  const choosing = !answered && params.get('submitInvitation') !== 'true' && companies.length > 1;
  const [sent, setSent] = useState(false);
  const started = useRef(false);

  const onboard = async () => {
    try {
      await onboardInvitation(invitationToken);
      // This page says it; the startup copy of the same dialog is not shown as well (item 21).
      markOnboardingDialogShown(company.id);
      setSent(true);
    } catch (error) {
      snackbar.showAlert(errorMessage(error), 'error');
      void navigate('/', { replace: true });
    }
  };

  useEffect(() => {
    if (choosing || started.current) return;
    started.current = true;
    void onboard();
  });

  const choose = async (id: number) => {
    if (id === company.id) return setAnswered(true);
    const token = encodeURIComponent(invitationToken);
    try {
      const target = await resolveCompanyTarget(id, `/admin/invitations/onboarding/${token}`);
      if (target.kind === 'cloud') return window.location.assign(target.url);
      if (target.kind === 'unavailable') return;
      // Switching resets the session and goes Home; come back here to onboard from the chosen one.
      await switchCompany(id);
      void navigate(`/admin/onboarding/${token}?submitInvitation=true`, { replace: true });
    } catch (error) {
      snackbar.showError(errorMessage(error));
    }
  };

  return (
    <>
      <Dialog open={choosing} aria-labelledby="invite-company-title">
        <DialogTitle id="invite-company-title">Invite a company</DialogTitle>
        <DialogContent>
          <DialogContentText>
            From which company do you want to send the invitation?
          </DialogContentText>
          <List>
            {companies.map((c) => (
              <ListItemButton key={c.id} onClick={() => void choose(c.id)}>
                <ListItemText primary={c.name} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
      </Dialog>
      <SentInvitationDialog open={sent} onOk={() => void navigate('/', { replace: true })} />
    </>
  );
}
