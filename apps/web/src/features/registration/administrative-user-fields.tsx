import Grid from '@mui/material/Grid';
import { FormTextField } from './form-fields';
import type { RegistrationControl } from './form-types';

const half = { xs: 12, sm: 6 } as const;

/** The company's first Administrator: they receive the temporary password by e-mail. */
export function AdministrativeUserFields({ control }: { control: RegistrationControl }) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="userFirstName"
          label="First Name"
          required
          maxLength={100}
          autoComplete="given-name"
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="userLastName"
          label="Last Name"
          required
          maxLength={100}
          autoComplete="family-name"
        />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="userEmail"
          label="Email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
        />
      </Grid>
    </Grid>
  );
}
