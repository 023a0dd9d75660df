import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import {
  Terminology,
  canDeleteConnection,
  connectionMessages,
  type ConnectionInput,
} from '@flowline/shared';
import { ActionsMenu, ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useAllOrgUnits } from '../org-units/api';
import { useTerm } from '../terminology/api';
import { useConnection, useDeleteConnection, useSaveConnection } from './api';
import { ConnectionForm } from './connection-form';
import { connectionFormValues, newConnectionValues } from './connection-form-values';
import { ConnectionStatusCell } from './connection-status-cell';

const FORM_ID = 'connection-form';
const LIST_PATH = '/admin/parties';

/** /admin/connection/create and /admin/connection/{id} (spec 2 §2.13). */
export function ConnectionFormPage() {
  const { id: param } = useParams();
  const id = param === 'create' ? null : Number(param);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const term = useTerm(Terminology.Party);
  const profileTerm = useTerm(Terminology.OrgUnit);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const connection = useConnection(validId ? id : null);
  const profiles = useAllOrgUnits();
  const save = useSaveConnection();
  const remove = useDeleteConnection();
  const [confirming, setConfirming] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const toList = () => void navigate(LIST_PATH);
  const title = id === null ? `New ${term}` : (connection.data?.name ?? term);

  const submit = (input: ConnectionInput) => {
    setServerErrors(undefined);
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          snackbar.showSuccess(connectionMessages.saved);
          toList();
        },
        // The message itself reaches the snackbar through the query client's mutation cache.
        onError: (error) => setServerErrors(isApiError(error) ? error.fields : undefined),
      },
    );
  };

  const confirmDelete = () => {
    if (id === null) return;
    remove.mutate(id, {
      onSuccess: () => {
        snackbar.showSuccess(connectionMessages.deleted);
        toList();
      },
      onSettled: () => setConfirming(false),
    });
  };

  const loadError = !validId ? new Error('not found') : connection.error;
  if (loadError) {
    return (
      <>
        <PageHeader title={term} />
        <Alert severity="error">
          {!validId || isApiError(loadError, 404) ? `${term} not found` : errorMessage(loadError)}
        </Alert>
      </>
    );
  }
  const busy = save.isPending || remove.isPending;
  const status = connection.data?.partyStatus;
  const askDelete = () => {
    // The server refuses too; saying it here saves a round trip (spec 2 §8).
    if (status && !canDeleteConnection(status))
      snackbar.showError(connectionMessages.deleteRefused);
    else setConfirming(true);
  };
  const actions = (
    <ActionsMenu
      disabled={busy}
      items={[
        {
          label: 'Save',
          onClick: () =>
            (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit(),
        },
        ...(id === null ? [] : [{ label: 'Delete', onClick: askDelete }]),
      ]}
    />
  );
  const ready = id === null ? !profiles.isPending : !!connection.data;

  return (
    <>
      <PageHeader title={title} actions={actions} />
      {connection.data && (
        <div style={{ marginBottom: 16 }} aria-label="Connection status">
          <ConnectionStatusCell row={connection.data} />
        </div>
      )}
      {ready ? (
        <ConnectionForm
          id={FORM_ID}
          defaultValues={
            connection.data
              ? connectionFormValues(connection.data)
              : newConnectionValues((profiles.data?.items ?? []).map((p) => p.id))
          }
          profiles={profiles.data?.items ?? []}
          profileTerm={profileTerm}
          isTaxValid={connection.data?.isTaxValid ?? null}
          saving={busy}
          serverErrors={serverErrors}
          onSubmit={submit}
          onCancel={toList}
        />
      ) : (
        <CircularProgress aria-label="Loading" />
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${term}`}
        message={`Delete ${connection.data?.name ?? `this ${term}`}? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
