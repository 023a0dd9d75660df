import { Controller } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTimeZones } from '../lookups/api';
import type { RegistrationControl } from './form-types';

/** Time Zone: an autocomplete over the server's list, typed as '(UTC-06:00) America/Chicago'. */
export function TimeZoneField({ control }: { control: RegistrationControl }) {
  const timeZones = useTimeZones();
  const options = timeZones.data ?? [];
  return (
    <Controller
      control={control}
      name="timezone"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={options.find((o) => o.id === field.value) ?? null}
          onChange={(_event, option) => field.onChange(option?.id ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={(o) => o.displayName}
          isOptionEqualToValue={(o, v) => o.id === v.id}
          loading={timeZones.isPending}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              label="Time Zone"
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      )}
    />
  );
}
