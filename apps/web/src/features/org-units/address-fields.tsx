import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  orgUnitAddresses,
  regionLabel,
  zipCodeLabel,
  type OrgUnitAddressKey,
  type OrgUnitFormValues,
} from '@flowline/shared';
import { useCountries, useStates } from '../lookups/api';
import { OrgUnitSelectField, OrgUnitTextField, type OrgUnitControl } from './form-fields';

const half = { xs: 12, sm: 6 } as const;
const upperCase = (v: string) => v.toUpperCase();

export const addressTitles: Record<OrgUnitAddressKey, string> = {
  main: 'Main Address',
  payment: 'Payment Address',
  tax: 'Tax Address',
};

/**
 * One of the profile's three addresses (spec 3 §3), Country first: the State/Province list and the
 * Zip/Postal label follow it, and changing it clears zip and state (and, for the main address,
 * the tax identification type, whose list follows the main country).
 */
export function AddressFields({
  form,
  address,
}: {
  form: UseFormReturn<OrgUnitFormValues, unknown, unknown>;
  address: OrgUnitAddressKey;
}) {
  const f = orgUnitAddresses[address];
  const control = form.control as OrgUnitControl;
  const country = useWatch({ control, name: f.country }) ?? '';
  const countries = useCountries();
  const states = useStates(country);
  const options = (countries.data ?? []).filter((c) => c.isActive);
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.code, label: s.name }));

  const countryChanged = () => {
    const cleared = [
      f.zipCode,
      f.state,
      ...(address === 'main' ? ['taxIdentificationType' as const] : []),
    ];
    for (const name of cleared) form.setValue(name, '');
    form.clearErrors(cleared);
  };

  return (
    <section aria-labelledby={`address-${address}`}>
      <Typography variant="h3" id={`address-${address}`} sx={{ mb: 1.5 }}>
        {addressTitles[address]}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={2}>
        <Grid size={half}>
          <Controller
            name={f.country}
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={options}
                value={options.find((c) => c.code === field.value) ?? null}
                getOptionLabel={(c) => c.name}
                isOptionEqualToValue={(a, b) => a.code === b.code}
                onChange={(_e, chosen) => {
                  field.onChange(chosen?.code ?? '');
                  countryChanged();
                }}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Country"
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={half}>
          <OrgUnitSelectField
            control={control}
            name={f.state}
            label={regionLabel(country)}
            options={stateOptions}
            disabled={!country || (states.isSuccess && stateOptions.length === 0)}
          />
        </Grid>
        <Grid size={12}>
          <OrgUnitTextField
            control={control}
            name={f.lineOne}
            label="Address Line 1"
            maxLength={255}
          />
        </Grid>
        <Grid size={half}>
          <OrgUnitTextField
            control={control}
            name={f.lineTwo}
            label="Address Line 2"
            maxLength={255}
          />
        </Grid>
        <Grid size={half}>
          <OrgUnitTextField
            control={control}
            name={f.lineThree}
            label="Address Line 3"
            maxLength={250}
          />
        </Grid>
        <Grid size={half}>
          <OrgUnitTextField control={control} name={f.city} label="City" maxLength={255} />
        </Grid>
        <Grid size={half}>
          <OrgUnitTextField
            control={control}
            name={f.zipCode}
            label={zipCodeLabel(country)}
            maxLength={10}
            transform={upperCase}
          />
        </Grid>
      </Grid>
    </section>
  );
}
