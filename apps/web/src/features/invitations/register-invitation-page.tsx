import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { invitationMessages } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { ApiError, errorMessage } from '../../lib/api-error';
import { resolveCompanyTarget } from '../session/company-target';
import { useSession } from '../session/use-session';
import { registerInvitation } from './api';

type Notice = { title: string; text: string; then(): void } | null;

/** Spec 2 §2.9: saves an e-mailed invitation to one of the user's companies. Open to all roles. */
export function RegisterInvitationPage() {
  const { invitationToken = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { company, companies, switchCompany } = useSession();
  const local = companies.filter((c) => !c.isCloud);
  const [answered, setAnswered] = useState(false);
  // Read from the URL on every render: after a company switch the router may keep this page.
  const choosing = !answered && params.get('submitInvitation') !== 'true' && companies.length > 1;
  const [notice, setNotice] = useState<Notice>(null);
  const started = useRef(false);

  const submit = async () => {
    try {
      const result = await registerInvitation(invitationToken);
      if (result.isAdministrator) return void navigate('/admin/invitations', { replace: true });
      setNotice({
        title: 'Received Invitation',
        text: 'You received an invitation. Ask your admin to accept or reject the invitation.',
        then: () => void navigate('/', { replace: true }),
      });
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        error.message === invitationMessages.notFound
      ) {
        const first = local[0] ?? companies[0];
        setNotice({
          title: invitationMessages.notFoundTitle,
          text: invitationMessages.notFoundText,
          then: () => {
            if (first && first.id !== company.id) void switchCompany(first.id);
            void navigate('/', { replace: true });
          },
        });
        return;
      }
      snackbar.showError(error instanceof Error ? error.message : String(error));
      void navigate('/admin/invitations', { replace: true });
    }
  };

  useEffect(() => {
    if (choosing || started.current) return;
    started.current = true;
    void submit();
  });

  const choose = async (id: number) => {
    if (id === company.id) return setAnswered(true);
    const token = encodeURIComponent(invitationToken);
    try {
      const target = await resolveCompanyTarget(id, `/admin/invitations/list/${token}`);
      if (target.kind === 'cloud') return window.location.assign(target.url);
      if (target.kind === 'unavailable') return;
      // Switching resets the session and goes Home; come back to register in the chosen one.
      await switchCompany(id);
      void navigate(`/admin/invitations/${token}?submitInvitation=true`, { replace: true });
    } catch (error) {
      snackbar.showError(errorMessage(error));
    }
  };

  return (
    <>
      {!notice && !choosing && <CircularProgress aria-label="Saving the invitation" />}
      <Dialog open={choosing} aria-labelledby="choose-company-title">
        <DialogTitle id="choose-company-title">You have an invitation</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Choose the company you want to save the invitation to
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
      <Dialog open={notice !== null} aria-labelledby="invitation-notice-title">
        <DialogTitle id="invitation-notice-title">{notice?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{notice?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => notice?.then()}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
