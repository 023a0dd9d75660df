import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TypeaheadSuggestion } from '@flowline/shared';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTypeahead } from '../search/api';

const DEBOUNCE_MS = 300;

/**
 * Picks one of the user's documents to link in a message, with the top bar's type-ahead
 * (GET /typeahead). The server accepts only documents both companies can see.
 */
export function DocumentPickerDialog({
  onClose,
  onPick,
}: {
  onClose: () => void;
  onPick: (document: TypeaheadSuggestion) => void;
}) {
  const titleId = useId();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), DEBOUNCE_MS);
  const typeahead = useTypeahead(query);
  const options = query ? (typeahead.data ?? []) : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Link a document</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Only documents exchanged between your two companies can be linked.
        </Typography>
        <Autocomplete<TypeaheadSuggestion>
          options={options}
          value={null}
          inputValue={input}
          onInputChange={(_e, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_e, value) => {
            if (value) onPick(value);
          }}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.text}
          getOptionKey={(o) => o.documentId}
          isOptionEqualToValue={(a, b) => a.documentId === b.documentId}
          loading={typeahead.isFetching}
          noOptionsText={query ? 'No documents found' : 'Type to search your documents'}
          renderInput={(params) => (
            <TextField {...params} label="Search your documents" autoFocus />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
