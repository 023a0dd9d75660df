import { useWatch, type UseFormReturn } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import { regionLabel, zipCodeLabel, type OrgUnitFormValues } from '@flowline/shared';
import { useCountries, useStates, useTaxTypes } from '../lookups/api';
import { useActiveUsers } from '../users/api';
import {
  OrgUnitSelectField,
  OrgUnitTextField,
  type OrgUnitControl,
} from '../org-units/form-fields';
import { NewProfileUsersTable } from './new-profile-users-table';

const half = { xs: 12, sm: 6 } as const;
const upperCase = (v: string) => v.toUpperCase();

/**
 * Step 3 of the accept wizard, new-profile path (spec 2 §2.8, §5.4): the profile's main details
 * and the users to assign. Changing the country clears zip, state and tax type.
 */
export function NewProfileFields({
  form,
}: {
  form: UseFormReturn<OrgUnitFormValues, unknown, unknown>;
}) {
  const control = form.control as OrgUnitControl;
  const country = useWatch({ control, name: 'country' }) ?? '';
  const taxType = useWatch({ control, name: 'taxIdentificationType' }) ?? '';
  const countries = useCountries();
  const states = useStates(country);
  const taxTypes = useTaxTypes(country);
  const users = useActiveUsers();
  const format = taxTypes.data?.find((t) => t.code === taxType)?.format;
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.code, label: s.name }));

  const countryChanged = () => {
    const cleared = ['zipCode', 'state', 'taxIdentificationType'] as const;
    for (const name of cleared) form.setValue(name, '');
    form.clearErrors([...cleared]);
  };

  return (
    <Grid container columnSpacing={2} rowSpacing={2}>
      <Grid size={half}>
        <OrgUnitTextField control={control} name="name" label="Name" required maxLength={255} />
      </Grid>
      <Grid size={half}>
        <OrgUnitTextField
          control={control}
          name="code"
          label="Company Code"
          required
          maxLength={255}
        />
      </Grid>
      <Grid size={12}>
        <OrgUnitTextField
          control={control}
          name="addressLineOne"
          label="Address line one"
          maxLength={255}
        />
      </Grid>
      <Grid size={half}>
        <OrgUnitSelectField
          control={control}
          name="country"
          label="Country"
          options={(countries.data ?? [])
            .filter((c) => c.isActive)
            .map((c) => ({ value: c.code, label: c.name }))}
          onChosen={countryChanged}
        />
      </Grid>
      <Grid size={half}>
        <OrgUnitSelectField
          control={control}
          name="state"
          label={regionLabel(country)}
          options={stateOptions}
          disabled={!country || (states.isSuccess && stateOptions.length === 0)}
        />
      </Grid>
      <Grid size={half}>
        <OrgUnitTextField control={control} name="city" label="City" maxLength={255} />
      </Grid>
      <Grid size={half}>
        <OrgUnitTextField
          control={control}
          name="zipCode"
          label={zipCodeLabel(country)}
          maxLength={10}
          transform={upperCase}
        />
      </Grid>
      <Grid size={half}>
        <OrgUnitSelectField
          control={control}
          name="taxIdentificationType"
          label="Tax Identification Type"
          disabled={!country}
          options={(taxTypes.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
        />
      </Grid>
      <Grid size={half}>
        <OrgUnitTextField
          control={control}
          name="taxIdentificationNumber"
          label="Tax Identification Number"
          maxLength={250}
          hint={format ? `Format: ${format}` : undefined}
        />
      </Grid>
      <Grid size={12}>
        <NewProfileUsersTable
          control={control}
          users={users.data?.items ?? []}
          loading={users.isPending}
        />
      </Grid>
    </Grid>
  );
}
