import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConnectionInput } from '@flowline/shared';
import { regionLabel, zipCodeLabel } from '@flowline/shared';
import { useCountries, useStates } from '../lookups/api';
import type { ConnectionFormState, ConnectionTextName } from './connection-form-values';

export type ConnectionForm = UseFormReturn<ConnectionFormState, unknown, ConnectionInput>;
export type ConnectionControl = Control<ConnectionFormState, unknown, ConnectionInput>;
export const half = { xs: 12, sm: 6 } as const;

interface TextProps {
  control: ConnectionControl;
  name: ConnectionTextName;
  label: string;
  required?: boolean;
  maxLength?: number;
  readOnly?: boolean;
  hint?: string | undefined;
  type?: 'date' | 'text';
  multiline?: boolean;
}

export function ConnectionTextField(props: TextProps) {
  const { control, name, label, required, maxLength, readOnly, hint, type, multiline } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          required={required}
          fullWidth
          type={type}
          multiline={multiline}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{
            htmlInput: { maxLength, readOnly },
            ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
          }}
        />
      )}
    />
  );
}

export function ConnectionSelectField(props: {
  control: ConnectionControl;
  name: ConnectionTextName;
  label: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  hint?: string | undefined;
  onChosen?: (value: string) => void;
}) {
  const { control, name, label, options, disabled, hint, onChosen } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={options.some((o) => o.value === field.value) ? field.value : ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onChosen?.(e.target.value);
          }}
          select
          label={label}
          disabled={disabled}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

const addressNames = {
  primary: [
    'addressLineOne',
    'addressLineTwo',
    'addressLineThree',
    'country',
    'state',
    'city',
    'zipCode',
  ],
  secondary: [
    'altAddressLineOne',
    'altAddressLineTwo',
    'altAddressLineThree',
    'altCountry',
    'altState',
    'altCity',
    'altZipCode',
  ],
} as const;

/** Primary or secondary address: the state list and the Zip/Postal label follow the country. */
export function ConnectionAddress({
  form,
  kind,
  onCountryChange,
}: {
  form: ConnectionForm;
  kind: 'primary' | 'secondary';
  onCountryChange?: () => void;
}) {
  const [lineOne, lineTwo, lineThree, countryName, stateName, city, zip] = addressNames[kind];
  const country = useWatch({ control: form.control, name: countryName });
  const countries = useCountries();
  const states = useStates(country);
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.code, label: s.name }));
  const title = kind === 'primary' ? 'Primary Address' : 'Secondary Address';
  return (
    <section aria-label={title}>
      <Typography variant="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={2}>
        <Grid size={half}>
          <ConnectionSelectField
            control={form.control}
            name={countryName}
            label="Country"
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
            onChosen={() => {
              // Spec 2 §5.3: changing the country clears the state.
              form.setValue(stateName, '');
              form.clearErrors([stateName, zip]);
              onCountryChange?.();
            }}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionSelectField
            control={form.control}
            name={stateName}
            label={regionLabel(country)}
            options={stateOptions}
            disabled={!country || stateOptions.length === 0}
          />
        </Grid>
        <Grid size={12}>
          <ConnectionTextField
            control={form.control}
            name={lineOne}
            label="Address Line 1"
            maxLength={250}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={form.control}
            name={lineTwo}
            label="Address Line 2"
            maxLength={250}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={form.control}
            name={lineThree}
            label="Address Line 3"
            maxLength={250}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField control={form.control} name={city} label="City" maxLength={250} />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={form.control}
            name={zip}
            label={zipCodeLabel(country)}
            maxLength={10}
          />
        </Grid>
      </Grid>
    </section>
  );
}
