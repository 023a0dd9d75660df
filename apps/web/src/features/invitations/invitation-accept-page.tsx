import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import {
  invitationMessages,
  Terminology,
  zOrgUnitInput,
  type OrgUnitFormValues,
  type OrgUnitInput,
} from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api-error';
import { useAllOrgUnits } from '../org-units/api';
import { useTerm } from '../terminology/api';
import { emptyOrgUnitValues } from '../org-units/org-unit-form-values';
import { ChoiceStep, ExistingProfileStep, TermsStep, type ProfileChoice } from './accept-steps';
import { useAcceptInvitation, useInvitation, type AcceptChoice } from './api';
import { NewProfileFields } from './new-profile-fields';
import { newProfileMessage } from './new-profile-rules';

export const INVITATION_LIST_PATH = '/admin/invitations';
/** The wizard's steps, named with the company's term for a profile (issue 11 item 17). */
const stepLabels = (profile: string) => ['Terms of acceptance', `${profile} choice`, profile];
const LAST_STEP = 2;

function isAdditionalInvite(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isAdditionalInvite' in state
    ? state.isAdditionalInvite === true
    : false;
}

/** /admin/invitation/{invitationId}: the accept wizard (spec 2 §2.8, §4.5). Administrators only. */
export function InvitationAcceptPage() {
  const { invitationId: param } = useParams();
  const invitationId = Number(param);
  const location = useLocation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const invitation = useInvitation(Number.isSafeInteger(invitationId) ? invitationId : null);
  const profiles = useAllOrgUnits({ activeOnly: true });
  const profileTerm = useTerm(Terminology.OrgUnit);
  const accept = useAcceptInvitation();
  const [step, setStep] = useState(0);
  const [agreed, setAgreed] = useState(false);
  const [choice, setChoice] = useState<ProfileChoice>('existing');
  const [chosenProfile, setChosenProfile] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<OrgUnitFormValues, unknown, OrgUnitInput>({
    resolver: zodResolver(zOrgUnitInput),
    defaultValues: emptyOrgUnitValues,
  });

  const profileList = profiles.data?.items ?? [];
  const only = profileList.length === 1 ? profileList[0] : undefined;
  const orgUnitId = only ? only.id : chosenProfile;
  const title = isAdditionalInvite(location.state)
    ? 'Accept Additional Invitation'
    : 'Accept Invitation';

  const canGoNext = step === 0 ? agreed : step < LAST_STEP;
  const canAccept =
    step === LAST_STEP && !accept.isPending && (choice === 'new' || orgUnitId !== null);

  const send = async (input: AcceptChoice) => {
    try {
      const result = await accept.mutateAsync(input);
      snackbar.showSuccess(invitationMessages.connected(result.companyName));
      void navigate('/admin/parties');
    } catch (error) {
      // The server's own message when it sent one; a network failure or a bare status gets ours.
      const fromServer = error instanceof ApiError && !error.code.startsWith('http_');
      snackbar.showError(fromServer ? error.message : invitationMessages.acceptFailed);
    }
  };

  const onAccept = () => {
    setProblem(null);
    if (choice === 'existing') {
      if (orgUnitId !== null) void send({ kind: 'existing', input: { invitationId, orgUnitId } });
      return;
    }
    const message = newProfileMessage(form.getValues());
    if (message) {
      setProblem(message);
      void form.trigger();
      return;
    }
    void form.handleSubmit((profile) => send({ kind: 'new', invitationId, profile }))();
  };

  return (
    <>
      <PageHeader title={title} />
      {invitation.data && (
        <Typography sx={{ mb: 2 }}>
          Invitation from <strong>{invitation.data.companyName}</strong>
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {stepLabels(profileTerm).map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <TermsStep agreed={agreed} onChange={setAgreed} />}
        {step === 1 && <ChoiceStep choice={choice} onChange={setChoice} />}
        {step === LAST_STEP && choice === 'existing' && (
          <ExistingProfileStep
            profiles={profileList}
            loading={profiles.isPending}
            value={orgUnitId}
            onChange={setChosenProfile}
          />
        )}
        {step === LAST_STEP && choice === 'new' && (
          <form
            noValidate
            aria-label={`New ${profileTerm.toLowerCase()}`}
            onSubmit={(e) => e.preventDefault()}
          >
            <NewProfileFields form={form} />
          </form>
        )}
        {problem && step === LAST_STEP && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button onClick={() => setStep((s) => s - 1)} disabled={step === 0 || accept.isPending}>
          Previous
        </Button>
        <Button variant="outlined" onClick={() => setStep((s) => s + 1)} disabled={!canGoNext}>
          Next
        </Button>
        <Button onClick={() => void navigate(INVITATION_LIST_PATH)} disabled={accept.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onAccept} disabled={!canAccept}>
          Accept
        </Button>
      </Stack>
    </>
  );
}
