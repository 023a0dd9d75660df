import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { OrgUnitFormValues } from '@flowline/shared';

export type OrgUnitControl = Control<OrgUnitFormValues, unknown, unknown>;
/** The text fields of the form (everything but isActive and users). */
export type OrgUnitTextName = Exclude<FieldPath<OrgUnitFormValues>, 'isActive' | `users${string}`>;

interface TextProps {
  control: OrgUnitControl;
  name: OrgUnitTextName;
  label: string;
  required?: boolean;
  maxLength?: number;
  disabled?: boolean;
  hint?: string;
  autoComplete?: string;
  /** Applied to what is typed (zip codes are upper-cased). */
  transform?: (value: string) => string;
}

export function OrgUnitTextField(props: TextProps) {
  const { control, name, label, required, maxLength, disabled, hint, autoComplete, transform } =
    props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          label={label}
          required={required}
          disabled={disabled}
          fullWidth
          autoComplete={autoComplete}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint}
          slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
        />
      )}
    />
  );
}

interface SelectProps {
  control: OrgUnitControl;
  name: OrgUnitTextName;
  label: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  hint?: ReactNode;
  onChosen?: (value: string) => void;
}

/** A select whose empty choice means "not set". */
export function OrgUnitSelectField({
  control,
  name,
  label,
  options,
  disabled,
  hint,
  onChosen,
}: SelectProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          // A stored value the list does not offer (yet) would make MUI warn; show it as empty.
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
