import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PriceBookSuggestion } from '@flowline/shared';
import { formatMoneyForUser } from '../../../../lib/money';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { usePriceBookTypeahead } from './api';

/**
 * The sender's Description cell with type-ahead over the price books between the two companies
 * (issue 32 item 1): any text may be typed; picking an item fills the line from the book (code
 * and description, unit price, amount) through `onPick`. One line (Autocomplete takes an input, not
 * a textarea): shown only where a price book is shared with the connection.
 */
export function PriceBookDescriptionField({
  partyId,
  label,
  value,
  onChange,
  onPick,
  suggest,
}: {
  partyId: number;
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  onPick(item: PriceBookSuggestion): void;
  /**
   * Suggestions found on the device instead of asking the server (the field ticket form offline
   * searches the price book kept on the phone).
   */
  suggest?: (query: string) => PriceBookSuggestion[];
}) {
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue((value ?? '').trim(), 200);
  const remote = usePriceBookTypeahead(partyId, query.slice(0, 100), open && !suggest);
  const options = suggest ? (open ? suggest((value ?? '').trim()) : []) : (remote.data ?? []);
  return (
    <Autocomplete<PriceBookSuggestion | string, false, false, true>
      freeSolo
      size="small"
      open={open && options.length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(options) => options}
      loading={!suggest && remote.isFetching}
      inputValue={value ?? ''}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') onChange(text === '' ? null : text);
      }}
      onChange={(_, chosen) => {
        if (chosen !== null && typeof chosen !== 'string') onPick(chosen);
      }}
      getOptionLabel={(option) =>
        typeof option === 'string' ? option : `${option.itemCode} ${option.description}`
      }
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return typeof option === 'string' ? null : (
          <li key={key} {...rest}>
            {option.itemCode} — {option.description} · {formatMoneyForUser(option.unitPrice)}/
            {option.uom}
          </li>
        );
      }}
      sx={{ minWidth: 220 }}
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
