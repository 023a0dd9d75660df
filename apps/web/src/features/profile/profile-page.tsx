import { useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { canEditOwnProfile, type PersonalizationUpdate } from '@flowline/shared';
import { ChangeEmailDialog } from '../users/change-email-dialog';
import { useRequestOwnEmailChange } from './api';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { usePersonalization, useSavePersonalization } from '../preferences/api';
import { useSession } from '../session/use-session';
import { ProfileForm } from './profile-form';

export const PROFILE_SAVED = 'Successfully updated settings';

/** /profile and /profile/unsubscribe are the same screen; the second opens in unsubscribe-email mode. */
export function ProfilePage() {
  const unsubscribe = useMatch('/profile/unsubscribe') !== null;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { user } = useSession();
  const personalization = usePersonalization();
  const save = useSavePersonalization();
  const prefs = personalization.data;
  const changeEmail = useRequestOwnEmailChange();
  const [emailDialogOpen, setEmailDialogOpen] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const profile = {
    firstName: user.firstName,
    lastName: user.lastName,
    title: user.title ?? '',
  };
  const unsubscribed = useRef(false);
  // The user followed an unsubscribe link in an e-mail: turning e-mails off is what they asked for.
  useEffect(() => {
    if (!unsubscribe || !prefs || unsubscribed.current) return;
    unsubscribed.current = true;
    if (!prefs.receiveEmails) return;
    save.mutate(
      { ...profile, dateFormat: prefs.dateFormat, receiveEmails: false },
      {
        onSuccess: () => snackbar.showSuccess(PROFILE_SAVED),
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );
  });

  const submit = (values: PersonalizationUpdate) =>
    save.mutate(values, {
      onSuccess: () => {
        snackbar.showSuccess(PROFILE_SAVED);
        void navigate('/');
      },
      onError: (error) => snackbar.showError(errorMessage(error)),
    });

  return (
    <>
      <PageHeader title="User Profile" />
      {unsubscribe && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Receive Emails is turned off: you will no longer receive e-mails from us.
        </Alert>
      )}
      {personalization.error ? (
        <Alert severity="error">{errorMessage(personalization.error)}</Alert>
      ) : prefs ? (
        <ProfileForm
          email={user.emailAddress}
          defaultValues={{
            ...profile,
            dateFormat: prefs.dateFormat,
            receiveEmails: unsubscribe ? false : prefs.receiveEmails,
          }}
          profileReadOnly={!canEditOwnProfile(user.userType)}
          unsubscribe={unsubscribe}
          saving={save.isPending}
          onChangeEmail={() => setEmailDialogOpen(true)}
          pendingEmail={pendingEmail}
          onSubmit={submit}
          onCancel={() => void navigate('/')}
        />
      ) : (
        <CircularProgress aria-label="Loading" />
      )}
      <ChangeEmailDialog
        open={emailDialogOpen}
        currentEmail={user.emailAddress}
        saving={changeEmail.isPending}
        onClose={() => setEmailDialogOpen(false)}
        onSubmit={(emailAddress) =>
          changeEmail.mutate(emailAddress, {
            onSuccess: (result) => {
              snackbar.showSuccess(result.message);
              setPendingEmail(result.pendingEmailAddress);
              setEmailDialogOpen(false);
            },
            onError: (error) => snackbar.showError(errorMessage(error)),
          })
        }
      />
    </>
  );
}
