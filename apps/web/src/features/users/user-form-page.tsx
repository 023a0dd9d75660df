import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { Role, Terminology, adminUserMessages, type UserFormOutput } from '@flowline/shared';
import { ActionsMenu, ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useAssignableRoles } from '../lookups/api';
import { useAllOrgUnits } from '../org-units/api';
import { sessionKeys } from '../session/api';
import { useSession } from '../session/use-session';
import { useTerm } from '../terminology/api';
import { useChangeUserEmail, useDeleteUser, useSaveUser, useSetUserBlocked, useUser } from './api';
import { ChangeEmailDialog } from './change-email-dialog';
import { UserForm } from './user-form';
import { ApprovalLimitSection } from '../approvals/approval-limit-section';
import {
  USER_LIST_PATH,
  newUserValues,
  roleOptions,
  userFormValues,
  userSaveErrorMessage,
} from './user-form-rules';

const FORM_ID = 'user-form';

/** /admin/user/create and /admin/user/{id} (spec 3 §2 User form). */
export function UserFormPage() {
  const { id: param } = useParams();
  const id = param === 'create' ? null : Number(param);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const title = id === null ? 'Create User' : 'Edit User';
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const term = useTerm(Terminology.OrgUnit);
  const user = useUser(validId ? id : null);
  const roles = useAssignableRoles();
  const orgUnits = useAllOrgUnits();
  const save = useSaveUser();
  const remove = useDeleteUser();
  const changeEmail = useChangeUserEmail();
  const block = useSetUserBlocked();
  const [dialog, setDialog] = useState<'delete' | 'email' | 'demote' | null>(null);
  const [demotion, setDemotion] = useState<UserFormOutput | null>(null);
  const session = useSession();
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const toList = () => void navigate(USER_LIST_PATH);

  const persist = (values: UserFormOutput, demotesSelf = false) => {
    setServerErrors(undefined);
    // The e-mail changes only through Change Email Address; PUT does not take it.
    const { emailAddress: _email, ...details } = values;
    const args = id === null ? { id, input: values } : { id, input: details };
    save.mutate(args, {
      onSuccess: () => {
        snackbar.showSuccess(id === null ? adminUserMessages.created : adminUserMessages.saved);
        if (!demotesSelf) return toList();
        // Issue 27 item 25: the admin pages are no longer theirs; Home with the new roles.
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        void navigate('/');
      },
      onError: (error) => {
        snackbar.showError(userSaveErrorMessage(error));
        if (isApiError(error)) setServerErrors(error.fields);
      },
      onSettled: () => setDialog(null),
    });
  };
  const submit = (values: UserFormOutput) => {
    const current = user.data;
    if (id !== null && id === session.user.id && current) {
      const isAdmin = (roles: readonly (number | null)[]) => roles.includes(Role.Administrator);
      const was = isAdmin([current.mainRole, ...current.additionalRoles]);
      const stays = isAdmin([values.mainRole, ...(values.additionalRoles ?? [])]);
      if (was && !stays) {
        setDemotion(values);
        setDialog('demote');
        return;
      }
    }
    persist(values);
  };

  const loadError = !validId ? new Error('not found') : user.error;
  if (loadError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">
          {!validId || isApiError(loadError, 404) ? 'User not found' : errorMessage(loadError)}
        </Alert>
      </>
    );
  }

  const current = user.data;
  const busy = save.isPending || remove.isPending || changeEmail.isPending || block.isPending;
  const actions =
    id === null || !current ? undefined : (
      <ActionsMenu
        disabled={busy}
        items={[
          {
            label: 'Save',
            onClick: () =>
              (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit(),
          },
          { label: 'Delete', onClick: () => setDialog('delete') },
          { label: 'Change Email Address', onClick: () => setDialog('email') },
          {
            label: current.blocked ? 'Unblock' : 'Block',
            onClick: () =>
              block.mutate(
                { id, blocked: !current.blocked },
                {
                  onSuccess: (u) =>
                    snackbar.showSuccess(
                      u.blocked ? adminUserMessages.blocked : adminUserMessages.unblocked,
                    ),
                  onError: (error) => snackbar.showError(errorMessage(error)),
                },
              ),
          },
        ]}
      />
    );

  const ready = orgUnits.data && (id === null || current);
  return (
    <>
      <PageHeader title={title} actions={actions} />
      {current?.blocked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This user is blocked: they cannot sign in to this company until unblocked.
        </Alert>
      )}
      {current?.invitationPending && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {adminUserMessages.invitationPending}: this person has not joined the company yet. They
          join when they first sign in or accept the invitation they were sent.
        </Alert>
      )}
      {current?.pendingEmailAddress && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Waiting for {current.pendingEmailAddress} to confirm the change of e-mail address.
        </Alert>
      )}
      {ready ? (
        <UserForm
          // A changed e-mail address re-creates the form with the new values.
          key={current?.emailAddress ?? 'new'}
          id={FORM_ID}
          creating={id === null}
          defaultValues={current ? userFormValues(current) : newUserValues}
          roles={roleOptions(roles.data)}
          orgUnits={orgUnits.data.items}
          orgUnitTerm={term}
          saving={busy}
          serverErrors={serverErrors}
          onSubmit={submit}
          onCancel={toList}
        />
      ) : (
        <CircularProgress aria-label="Loading" />
      )}
      {current && id !== null && !current.invitationPending && <ApprovalLimitSection userId={id} />}
      {current && id !== null && (
        <>
          <ConfirmDialog
            open={dialog === 'delete'}
            title="Delete User"
            message={`Remove ${current.firstName} ${current.lastName} from this company?`}
            confirmLabel="Delete"
            busy={remove.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() =>
              remove.mutate(id, {
                onSuccess: () => {
                  snackbar.showSuccess(adminUserMessages.deleted);
                  toList();
                },
                // A refusal with a reason (your own user, the last Administrator) shows it; the
                // spec's generic text is for failures without one.
                onError: (error) =>
                  snackbar.showError(
                    isApiError(error) && error.status < 500
                      ? error.message
                      : adminUserMessages.deleteFailed,
                  ),
                onSettled: () => setDialog(null),
              })
            }
          />
          <ConfirmDialog
            open={dialog === 'demote'}
            title="Remove your Administrator role"
            message="You are removing the Administrator role from your own user. You will no longer be able to administer this company, and you will leave the administration pages. Continue?"
            confirmLabel="Remove my Administrator role"
            busy={save.isPending}
            onClose={() => setDialog(null)}
            onConfirm={() => demotion && persist(demotion, true)}
          />
          <ChangeEmailDialog
            open={dialog === 'email'}
            currentEmail={current.emailAddress}
            saving={changeEmail.isPending}
            onClose={() => setDialog(null)}
            onSubmit={(emailAddress) =>
              changeEmail.mutate(
                { id, emailAddress },
                {
                  onSuccess: () => {
                    snackbar.showSuccess(adminUserMessages.emailChangeRequested(emailAddress));
                    setDialog(null);
                  },
                  onError: (error) => snackbar.showError(userSaveErrorMessage(error)),
                },
              )
            }
          />
        </>
      )}
    </>
  );
}
