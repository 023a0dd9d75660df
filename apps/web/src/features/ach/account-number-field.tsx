import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { maskAccountNumber } from '@flowline/shared';
import { ACH_TEXT_MAX, keepDigits } from './ach-form-rules';

interface AccountNumberFieldProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string | undefined;
  /** An existing ACH: the number stays masked until the user chooses to change it. */
  masked: boolean;
}

export function AccountNumberField({
  value,
  onChange,
  onBlur,
  error,
  masked,
}: AccountNumberFieldProps) {
  const [editing, setEditing] = useState(!masked);
  if (!editing) {
    return (
      <TextField
        label="Account Number"
        required
        fullWidth
        value={maskAccountNumber(value)}
        helperText={error ?? ' '}
        error={Boolean(error)}
        onClick={() => setEditing(true)}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button size="small" onClick={() => setEditing(true)}>
                  Change
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
    );
  }
  return (
    <TextField
      label="Account Number"
      required
      fullWidth
      autoFocus={masked}
      value={value}
      onChange={(event) => onChange(keepDigits(event.target.value, ACH_TEXT_MAX))}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: ACH_TEXT_MAX, autoComplete: 'off' },
      }}
    />
  );
}
