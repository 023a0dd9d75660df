import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Terminology, pluralizeTerm, type SharedParty } from '@flowline/shared';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTerm } from '../terminology/api';
import { useShareableParties } from './api';

/** Spec 3 §9: connection searches wait 200 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 200;

export interface PartyPickerProps {
  /** Connections the document is already shared with: shown, never removable or selectable. */
  alreadyShared: SharedParty[];
  /** Newly chosen connections. */
  value: SharedParty[];
  onChange(value: SharedParty[]): void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Picks connected connections to share a legal document with, searched on the server by name. */
export function PartyPicker({ alreadyShared, value, onChange, error, disabled }: PartyPickerProps) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const parties = useShareableParties(query, !disabled);
  const fixed = new Set(alreadyShared.map((p) => p.id));
  // The company's term for a connection (spec 3), e.g. 'partners'.
  const one = useTerm(Terminology.Party).toLowerCase();
  const many = pluralizeTerm(one);

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={parties.data?.items ?? []}
      value={[...alreadyShared, ...value]}
      loading={parties.isFetching}
      // The server filters by name; MUI must not filter the page again.
      filterOptions={(options) => options}
      filterSelectedOptions
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      getOptionDisabled={(option) => fixed.has(option.id)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={`Sorry, no matching ${many}`}
      onChange={(_, chosen) => onChange(chosen.filter((p) => !fixed.has(p.id)))}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          const isFixed = fixed.has(option.id);
          return (
            <Chip
              key={key}
              {...itemProps}
              label={option.name}
              size="small"
              title={isFixed ? `Already shared with this ${one}` : undefined}
              icon={isFixed ? <LockOutlined /> : undefined}
              onDelete={isFixed ? undefined : onDelete}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={`Share with ${many}`}
          error={Boolean(error)}
          helperText={error ?? `Only connected ${many} are listed.`}
        />
      )}
    />
  );
}
