import { useWatch } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import { addressLimits, countriesWithRegions, regionLabel, zipCodeLabel } from '@flowline/shared';
import { useCountries, useStates, useTaxTypes } from '../lookups/api';
import { FormSelectField, FormTextField } from './form-fields';
import type { RegistrationFormApi } from './form-types';
import { TimeZoneField } from './time-zone-field';

const half = { xs: 12, sm: 6 } as const;
const upperCase = (v: string) => v.toUpperCase();

/** Spec 3 §5: the company, its address and its tax identification. */
export function AccountDetailsFields({ form }: { form: RegistrationFormApi }) {
  const { control, setValue, clearErrors } = form;
  const country = useWatch({ control, name: 'country' }) ?? '';
  const taxIdType = useWatch({ control, name: 'taxIdType' }) ?? '';
  const countries = useCountries();
  const states = useStates(country);
  const taxTypes = useTaxTypes(country);
  const format = taxTypes.data?.find((t) => t.code === taxIdType)?.format;

  // Registration needs a state and a tax type, which exist only for these countries (spec 3 §9).
  const countryOptions = (countries.data ?? [])
    .filter((c) => c.isActive && countriesWithRegions.includes(c.code))
    .map((c) => ({ value: c.code, label: c.name }));

  const countryChanged = () => {
    // Spec 3 §5: changing country clears state, tax type and zip.
    for (const name of ['state', 'taxIdType', 'zipCode'] as const) setValue(name, '');
    clearErrors(['state', 'taxIdType', 'zipCode']);
  };

  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="legalName"
          label="Legal Name"
          required
          maxLength={addressLimits.text}
          autoComplete="organization"
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="knownAs"
          label="Known As"
          maxLength={addressLimits.text}
        />
      </Grid>
      <Grid size={12}>
        <TimeZoneField control={control} />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="addressLineOne"
          label="Address Line 1"
          required
          maxLength={addressLimits.text}
          autoComplete="address-line1"
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="addressLineTwo"
          label="Address Line 2"
          maxLength={addressLimits.text}
          autoComplete="address-line2"
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="addressLineThree"
          label="Address Line 3"
          maxLength={addressLimits.text}
          autoComplete="address-line3"
        />
      </Grid>
      <Grid size={half}>
        <FormSelectField
          control={control}
          name="country"
          label="Country"
          required
          options={countryOptions}
          onChosen={countryChanged}
        />
      </Grid>
      <Grid size={half}>
        <FormSelectField
          control={control}
          name="state"
          label={regionLabel(country)}
          required
          disabled={!country}
          options={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="city"
          label="City"
          required
          maxLength={addressLimits.text}
          autoComplete="address-level2"
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="zipCode"
          label={zipCodeLabel(country)}
          required
          maxLength={addressLimits.zipCode}
          autoComplete="postal-code"
          transform={upperCase}
        />
      </Grid>
      <Grid size={half}>
        <FormSelectField
          control={control}
          name="taxIdType"
          label="Tax Identification Type"
          required
          disabled={!country}
          options={(taxTypes.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
          onChosen={() => {
            // The number's rule follows the type: check it again once something was typed.
            if (form.getValues('taxNumber')) void form.trigger('taxNumber');
          }}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="taxNumber"
          label="Tax Number"
          required
          maxLength={addressLimits.taxNumber}
          hint={format ? `Format: ${format}` : undefined}
        />
      </Grid>
    </Grid>
  );
}
