import { useEffect, useState, type RefObject } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PARTY_PICKER_DEBOUNCE_MS,
  PARTY_PICKER_FOCUS_DELAY_MS,
  Terminology,
  pluralizeTerm,
  sendToSearchLabel,
  type ConnectionListRow,
} from '@flowline/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTerm } from '../../terminology/api';
import { useConnectedParties } from './api';

export interface SendToFieldProps {
  value: ConnectionListRow | null;
  onChange(party: ConnectionListRow | null): void;
  error?: string | undefined;
  disabled?: boolean;
  /** The search input: focused 300 ms after opening, and by the dialog on a validation error. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * Send To: the connected connections, searched on the server (debounce 150 ms, 100 per page),
 * focused 300 ms after the dialog opens (spec 2 §9, spec 3 §2).
 */
export function SendToField({ value, onChange, error, disabled, inputRef }: SendToFieldProps) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), PARTY_PICKER_DEBOUNCE_MS);
  const parties = useConnectedParties(query);
  // The label counts every connected connection, not the current search's matches.
  const everyone = useConnectedParties('');
  const connection = useTerm(Terminology.Party);
  const label = sendToSearchLabel(everyone.data?.totalRecords ?? 0, pluralizeTerm(connection));

  useEffect(() => {
    const timer = window.setTimeout(() => inputRef.current?.focus(), PARTY_PICKER_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [inputRef]);

  return (
    <Autocomplete<ConnectionListRow>
      options={parties.data?.items ?? []}
      value={value}
      onChange={(_e, party) => onChange(party)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      // The server filters by name; MUI must not filter the page again.
      filterOptions={(options) => options}
      getOptionLabel={(p) => p.name}
      getOptionKey={(p) => p.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={parties.isFetching}
      noOptionsText={`Sorry, no matching ${connection}`}
      disabled={disabled}
      renderOption={(props, party) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography>{party.name}</Typography>
              {party.connectedCompanyName && party.connectedCompanyName !== party.name && (
                <Typography variant="body2" color="text.secondary">
                  {party.connectedCompanyName}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
