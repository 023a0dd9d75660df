import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  Terminology,
  zOrgUnitInput,
  type OrgUnitFormValues,
  type OrgUnitInput,
} from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { NewProfileFields } from '../invitations/new-profile-fields';
import { newProfileMessage } from '../invitations/new-profile-rules';
import { useAllOrgUnits } from '../org-units/api';
import { emptyOrgUnitValues } from '../org-units/org-unit-form-values';
import { useTerm } from '../terminology/api';
import { useConnection } from './api';
import { ConnectChoiceStep, ConnectProfileStep, type ConnectProfileChoice } from './connect-steps';
import { ConnectConfirmDialog } from './connection-action-dialogs';
import {
  alreadyConnectedMessage,
  connectedMessage,
  useConnectAndCreateOrgUnit,
  useConnectConnection,
} from './network-actions-api';

export const CONNECTIONS_PATH = '/admin/connections';
const LAST_STEP = 1;

/** The status cell passes the suggested company's name; a direct visit falls back to the record's. */
function companyNameOf(state: unknown): string | null {
  return typeof state === 'object' &&
    state !== null &&
    'companyName' in state &&
    typeof state.companyName === 'string'
    ? state.companyName
    : null;
}

/**
 * /admin/connectConnection/{id}: the connect wizard (spec 2 §2.11, §4.5). Connect only sends the
 * request, so success says 'Connection request sent to {company}'; 'You are now connected' is for
 * when the other company accepts (docs/connections.md).
 */
export function ConnectConnectionPage() {
  const id = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const connection = useConnection(Number.isSafeInteger(id) ? id : null);
  const profiles = useAllOrgUnits({ activeOnly: true });
  const connect = useConnectConnection();
  const connectAndCreate = useConnectAndCreateOrgUnit();
  const profileTerm = useTerm(Terminology.OrgUnit);
  const steps = [`${profileTerm} choice`, profileTerm];
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<ConnectProfileChoice>('existing');
  const [chosenProfile, setChosenProfile] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checking, setChecking] = useState(false);
  const form = useForm<OrgUnitFormValues, unknown, OrgUnitInput>({
    resolver: zodResolver(zOrgUnitInput),
    defaultValues: emptyOrgUnitValues,
    mode: 'onChange',
  });

  const profileList = profiles.data?.items ?? [];
  const only = profileList.length === 1 ? profileList[0] : undefined;
  const orgUnitId = chosenProfile ?? only?.id ?? null;
  const values: OrgUnitFormValues = {
    ...emptyOrgUnitValues,
    ...useWatch({ control: form.control }),
  };
  const problem = choice === 'new' ? newProfileMessage(values) : null;
  const profileValid = problem === null && zOrgUnitInput.safeParse(values).success;
  const busy = checking || connect.isPending || connectAndCreate.isPending;
  const canConnect =
    step === LAST_STEP && !busy && (choice === 'existing' ? orgUnitId !== null : profileValid);
  const partyName = connection.data?.name ?? '';
  const company = companyNameOf(location.state) ?? partyName;

  const done = async () => {
    snackbar.showSuccess(await connectedMessage(id, company));
    void navigate('/admin/parties');
  };

  /** After the due-diligence acceptance (spec 2 §4.2): refuse a company linked already, else connect. */
  const onConfirmed = async () => {
    setChecking(true);
    const refused = await alreadyConnectedMessage(id)
      .catch(() => null)
      .finally(() => setChecking(false));
    setConfirming(false);
    if (refused) return snackbar.showError(refused);
    const onSuccess = () => void done();
    if (choice === 'existing') {
      if (orgUnitId !== null) connect.mutate({ id, orgUnitId }, { onSuccess });
      return;
    }
    void form.handleSubmit((profile) => connectAndCreate.mutate({ id, profile }, { onSuccess }))();
  };

  const onConnect = () => {
    if (choice === 'existing') return setConfirming(true);
    // A new profile is checked first, so the acceptance is asked only for a form that can be sent.
    void form.handleSubmit(() => setConfirming(true))();
  };

  return (
    <>
      <PageHeader title={`Connect: ${partyName}`} />
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <ConnectChoiceStep choice={choice} onChange={setChoice} />}
        {step === LAST_STEP && choice === 'existing' && (
          <ConnectProfileStep
            profiles={profileList}
            loading={profiles.isPending}
            value={orgUnitId}
            onChange={setChosenProfile}
          />
        )}
        {step === LAST_STEP && choice === 'new' && (
          <form noValidate aria-label="New profile" onSubmit={(e) => e.preventDefault()}>
            <NewProfileFields form={form} />
            {problem && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {problem}
              </Alert>
            )}
          </form>
        )}
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button onClick={() => setStep((s) => s - 1)} disabled={step === 0 || busy}>
          Previous
        </Button>
        <Button
          variant="outlined"
          onClick={() => setStep((s) => s + 1)}
          disabled={step >= LAST_STEP}
        >
          Next
        </Button>
        <Button onClick={() => void navigate(CONNECTIONS_PATH)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConnect} disabled={!canConnect}>
          Connect
        </Button>
      </Stack>
      {confirming && (
        <ConnectConfirmDialog
          open
          busy={busy}
          companyName={company}
          onClose={() => setConfirming(false)}
          onConfirm={() => void onConfirmed()}
        />
      )}
    </>
  );
}
