import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AchRef } from '@flowline/shared';

interface ChipsPickerProps {
  label: string;
  options: AchRef[];
  value: readonly number[];
  onChange(ids: number[]): void;
  onBlur(): void;
  error?: string | undefined;
  loading?: boolean;
  noOptionsText: string;
}

/** A multi-select of named things shown as chips (Profile and Connection of the ACH form). */
export function ChipsPicker({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  loading = false,
  noOptionsText,
}: ChipsPickerProps) {
  const selected = value.flatMap((id) => options.filter((o) => o.id === id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      loading={loading}
      noOptionsText={noOptionsText}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterSelectedOptions
      onChange={(_, chosen) => onChange(chosen.map((o) => o.id))}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
