import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  zCompanyRegistration,
  type CompanyRegistration,
  type CompanyRegistrationInput,
} from '@flowline/shared';
import { AccountDetailsFields } from './account-details-fields';
import { AdministrativeUserFields } from './administrative-user-fields';
import { blankRegistration as blank, type RegistrationFormApi } from './form-types';

interface RegistrationFormProps {
  invitationToken: string | null;
  isBoarding: boolean;
  /** The address the invitation was sent to: prefilled as the administrator's e-mail. */
  invitedEmail?: string | null;
  submitting: boolean;
  /** Field messages the server sent back (path → message). */
  serverErrors: Record<string, string> | undefined;
  onSubmit(registration: CompanyRegistration): void;
}

/** Sign Up (spec 3 §2, §5): Account Details and Administrative User, checked by the shared schema. */
export function RegistrationForm(props: RegistrationFormProps) {
  const { invitationToken, isBoarding, submitting, serverErrors, onSubmit } = props;
  const form: RegistrationFormApi = useForm({
    resolver: zodResolver(zCompanyRegistration),
    defaultValues: { ...blank, invitationToken, isBoarding },
    mode: 'onTouched',
  });
  const { setError, getValues, setValue } = form;
  const { invitedEmail } = props;

  useEffect(() => {
    // Prefill only: never overwrite what the visitor already typed.
    if (invitedEmail && !getValues('userEmail')) setValue('userEmail', invitedEmail);
  }, [invitedEmail, getValues, setValue]);

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      if (field in blank) setError(field as keyof CompanyRegistrationInput, { message });
    }
  }, [serverErrors, setError]);

  return (
    <form noValidate aria-label="Sign Up" onSubmit={form.handleSubmit(onSubmit)}>
      <Stack spacing={3}>
        <Section title="Account Details" id="account-details">
          <AccountDetailsFields form={form} />
        </Section>
        <Section title="Administrative User" id="administrative-user">
          <AdministrativeUserFields control={form.control} />
        </Section>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            Register
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
