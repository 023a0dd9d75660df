import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  autoComplete?: string;
  type?: string;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** Rewrites what is typed before it is stored (e.g. upper-casing a postal code). */
  transform?: (value: string) => string;
}

/** A text field bound to the form, with its error (or hint) underneath. */
export function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { control, name, label, required, disabled, maxLength, autoComplete, type, hint } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(props.transform?.(e.target.value) ?? e.target.value)}
          onBlur={field.onBlur}
          label={label}
          type={type}
          required={required}
          disabled={disabled}
          autoComplete={autoComplete}
          fullWidth
          error={Boolean(fieldState.error)}
          // A blank helper keeps the layout from jumping when a message appears.
          helperText={fieldState.error?.message ?? hint ?? ' '}
          slotProps={{ htmlInput: { maxLength } }}
        />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface FormSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** Called with the chosen value after the field is updated. */
  onChosen?: (value: string) => void;
}

export function FormSelectField<T extends FieldValues>(props: FormSelectFieldProps<T>) {
  const { control, name, label, options, required, disabled, onChosen } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          // A value not (yet) among the options would make MUI warn: show it as empty.
          value={options.some((o) => o.value === field.value) ? field.value : ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onChosen?.(e.target.value);
          }}
          onBlur={field.onBlur}
          label={label}
          required={required}
          disabled={disabled}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
        >
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
