import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { Terminology, orgUnitMessages, type OrgUnitInput } from '@flowline/shared';
import { ActionsMenu, ConfirmDialog } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useTerm } from '../terminology/api';
import { useActiveUsers } from '../users/api';
import { useDeleteOrgUnit, useOrgUnit, useSaveOrgUnit } from './api';
import { OrgUnitForm } from './org-unit-form';
import { emptyOrgUnitValues, orgUnitFormValues } from './org-unit-form-values';
import { ORG_UNIT_LIST_PATH } from './org-unit-list-page';

const FORM_ID = 'org-unit-form';

/** /admin/orgunit/create and /admin/orgunit/{id} (spec 3 §2 Profile edit). */
export function OrgUnitFormPage() {
  const { id: param } = useParams();
  const id = param === 'create' ? null : Number(param);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const term = useTerm(Terminology.OrgUnit);
  const title = `${id === null ? 'Create' : 'Edit'} ${term}`;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const orgUnit = useOrgUnit(validId ? id : null);
  const users = useActiveUsers();
  const save = useSaveOrgUnit();
  const remove = useDeleteOrgUnit();
  const [confirming, setConfirming] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const toList = () => void navigate(ORG_UNIT_LIST_PATH);

  const submit = (input: OrgUnitInput) => {
    setServerErrors(undefined);
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          snackbar.showSuccess(
            id === null ? orgUnitMessages.created(term) : orgUnitMessages.saved(term),
          );
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
        snackbar.showSuccess(`${term} Deleted`);
        toList();
      },
      onSettled: () => setConfirming(false),
    });
  };

  const loadError = !validId ? new Error('not found') : orgUnit.error;
  if (loadError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">
          {!validId || isApiError(loadError, 404) ? `${term} not found` : errorMessage(loadError)}
        </Alert>
      </>
    );
  }
  const busy = save.isPending || remove.isPending;
  const actions =
    id === null ? undefined : (
      <ActionsMenu
        disabled={busy}
        items={[
          {
            label: 'Save',
            onClick: () =>
              (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit(),
          },
          { label: 'Delete', onClick: () => setConfirming(true) },
        ]}
      />
    );

  return (
    <>
      <PageHeader title={title} actions={actions} />
      {id === null || orgUnit.data ? (
        <OrgUnitForm
          id={FORM_ID}
          orgUnit={orgUnit.data ?? null}
          defaultValues={orgUnit.data ? orgUnitFormValues(orgUnit.data) : emptyOrgUnitValues}
          users={users.data?.items ?? []}
          usersLoading={users.isPending}
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
        message={`Delete ${orgUnit.data?.name ?? `this ${term}`}? This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
