import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AccountCode } from '@flowline/shared';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useAccountCodes } from './api';

/**
 * A coding cell: type-ahead over the company's known codes of the column's account kind; any
 * text may be typed (the server refuses a code the company does not know when it keeps a list).
 */
export function AccountCodeField({
  kind,
  label,
  value,
  onChange,
}: {
  kind: number;
  label: string;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue((value ?? '').trim(), 150);
  const codes = useAccountCodes(kind, query, open);
  return (
    <Autocomplete<AccountCode | string, false, false, true>
      freeSolo
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={codes.data ?? []}
      filterOptions={(options) => options}
      loading={codes.isFetching}
      inputValue={value ?? ''}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') onChange(text === '' ? null : text);
      }}
      onChange={(_, chosen) =>
        onChange(chosen === null ? null : typeof chosen === 'string' ? chosen : chosen.code)
      }
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.code)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return typeof option === 'string' ? null : (
          <li key={key} {...rest}>
            {option.code} — {option.name}
          </li>
        );
      }}
      sx={{ minWidth: 130 }}
      renderInput={(params) => (
        <TextField
          {...params}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
          }}
        />
      )}
    />
  );
}
