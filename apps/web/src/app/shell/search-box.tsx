import { useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { TypeaheadSuggestion } from '@flowline/shared';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { focusOnDark } from '../theme';
import { searchBoxFrameSx } from './search-box-frame';
import { useTypeahead } from '../../features/search/api';

/** The narrowest the top-bar search gets on a desktop before anything beside it. */
export { SEARCH_MIN_WIDTH } from './search-box-frame';

export const SEARCH_PLACEHOLDER = 'Search all documents...';
const TYPEAHEAD_DEBOUNCE_MS = 300;

type SearchOption =
  { kind: 'search'; query: string } | ({ kind: 'document' } & TypeaheadSuggestion);

function optionLabel(option: SearchOption | string): string {
  if (typeof option === 'string') return option;
  return option.kind === 'search' ? `Search for "${option.query}"` : option.text;
}

/** Spec 2 §2.2: free text with type-ahead; the first entry always searches for the text. */
export function SearchBox() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const query = input.trim();
  const debounced = useDebouncedValue(query, TYPEAHEAD_DEBOUNCE_MS);
  const typeahead = useTypeahead(debounced);

  const suggestions = debounced === query ? (typeahead.data ?? []) : [];
  const options: SearchOption[] = query
    ? [{ kind: 'search', query }, ...suggestions.map((d) => ({ kind: 'document' as const, ...d }))]
    : [];

  const choose = (value: SearchOption | string | null) => {
    if (value === null) return;
    if (typeof value !== 'string' && value.kind === 'document') {
      setInput('');
      navigate(`/documents/${value.documentId}`);
      return;
    }
    const q = (typeof value === 'string' ? value : value.query).trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    // The search takes up to 560 px and gives way only down to SEARCH_MIN_WIDTH on a desktop:
    // the company logo and name beside it shrink or hide first (issue 11 item 21).
    <Box role="search" sx={searchBoxFrameSx}>
      <Autocomplete<SearchOption, false, false, true>
        freeSolo
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_e, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_e, value) => choose(value)}
        filterOptions={(x) => x}
        getOptionLabel={optionLabel}
        getOptionKey={(o) =>
          typeof o === 'string' ? o : o.kind === 'search' ? 'search' : `doc-${o.documentId}`
        }
        isOptionEqualToValue={() => false}
        autoHighlight={false}
        clearOnBlur={false}
        handleHomeEndKeys
        loading={typeahead.isFetching}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              {option.kind === 'search' ? (
                <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <SearchIcon fontSize="small" aria-hidden />
                  {optionLabel(option)}
                </Typography>
              ) : (
                <Box>
                  <Typography>{option.text}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {option.documentTypeName}
                  </Typography>
                </Box>
              )}
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={SEARCH_PLACEHOLDER}
            size="small"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search all documents' },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
            sx={{
              '& .MuiInputBase-root': { bgcolor: 'background.paper', borderRadius: 2 },
              // The default focus border is petrol, the app bar's own colour: use the light amber ring.
              '& .MuiOutlinedInput-root.Mui-focused .MuiOutlinedInput-notchedOutline': {
                borderColor: focusOnDark,
                borderWidth: 3,
              },
            }}
          />
        )}
      />
    </Box>
  );
}
