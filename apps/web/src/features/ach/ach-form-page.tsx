import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { AchInput } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage, isApiError } from '../../lib/api-error';
import { useAch, useAchProfiles, useSaveAch } from './api';
import { AchForm } from './ach-form';
import { achFormValues, newAchValues } from './ach-form-rules';

export const ACH_LIST_PATH = '/admin/achs';

/** /admin/ach/create and /admin/ach/{id} (spec 2 §2.14). */
export function AchFormPage() {
  const { id: param } = useParams();
  const id = param === 'create' ? null : Number(param);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const title = id === null ? 'Create ACH' : 'Edit ACH';
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const profiles = useAchProfiles();
  const ach = useAch(validId ? id : null);
  const save = useSaveAch();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();

  const submit = (input: AchInput) => {
    setServerErrors(undefined);
    save.mutate(
      { id, input },
      {
        onSuccess: () => {
          snackbar.showSuccess(id === null ? 'ACH Saved' : 'ACH Updated');
          void navigate(ACH_LIST_PATH);
        },
        // The message itself reaches the snackbar through the query client's mutation cache.
        onError: (error) => setServerErrors(isApiError(error) ? error.fields : undefined),
      },
    );
  };

  const loadError = !validId ? new Error('ACH not found') : (ach.error ?? profiles.error);
  if (loadError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">
          {isApiError(loadError, 404) ? 'ACH not found' : errorMessage(loadError)}
        </Alert>
      </>
    );
  }
  const ready = profiles.data && (id === null || ach.data);
  return (
    <>
      <PageHeader title={title} />
      {ready ? (
        <AchForm
          ach={ach.data ?? null}
          defaultValues={ach.data ? achFormValues(ach.data) : newAchValues(profiles.data)}
          profiles={profiles.data}
          saving={save.isPending}
          serverErrors={serverErrors}
          onSubmit={submit}
          onCancel={() => void navigate(ACH_LIST_PATH)}
        />
      ) : (
        <CircularProgress aria-label="Loading" />
      )}
    </>
  );
}
