import { useState } from 'react';
import { useController } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDebouncedValue } from '../../../../../lib/use-debounced-value';
import { useDocumentTypes } from '../../../../document-types/api';
import { useLookupValues, useOrgUnitOptions, usePartyOptions } from '../../api';
import { partyTypeOfField } from '../field-kinds';
import type { FieldState, MetadataFormValues } from '../form-values';
import { useClickToFill } from '../click-to-fill';
import { autoFilledProps, useAutoFilled } from './field-frame';
import type { MetadataFieldProps } from './types';

/** Spec 3 §9: connection searches wait 200 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 200;

interface Option {
  id: number;
  name: string;
}

function usePicker(name: string) {
  return useController<MetadataFormValues, string>({ name });
}

/** The read-only face of every picker: its text. */
function ReadOnlyText(props: MetadataFieldProps & { text: string }) {
  const autoFilled = useAutoFilled(props.entry, false);
  return (
    <TextField
      label={props.entry.metadata.name}
      fullWidth
      value={props.text}
      {...autoFilledProps(autoFilled, undefined)}
      slotProps={{ input: { readOnly: true } }}
    />
  );
}

interface OptionPickerProps extends MetadataFieldProps {
  options: Option[];
  loading: boolean;
  /** Server-side search: the text typed, debounced by the caller. */
  onSearch?: (text: string) => void;
  onOpen?: () => void;
  noOptionsText?: string;
}

/** An autocomplete over options; the form keeps the chosen option's name and id. */
function OptionPicker(props: OptionPickerProps) {
  const { entry, name, options, loading, onSearch, onOpen } = props;
  const { field, fieldState } = usePicker(name);
  const fill = useClickToFill();
  const autoFilled = useAutoFilled(entry, fieldState.isDirty);
  const state: FieldState = field.value;
  if (props.readOnly) return <ReadOnlyText {...props} text={state.text} />;

  const chosen =
    options.find((o) => (state.id !== null ? o.id === state.id : o.name === state.text)) ??
    (state.text ? { id: state.id ?? -1, name: state.text } : null);
  return (
    <Autocomplete
      options={options}
      value={chosen}
      loading={loading}
      onOpen={onOpen}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      filterOptions={onSearch ? (all) => all : undefined}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') onSearch?.(text);
      }}
      onChange={(_, option) =>
        field.onChange(option ? { text: option.name, id: option.id } : { text: '', id: null })
      }
      onBlur={field.onBlur}
      noOptionsText={props.noOptionsText ?? 'No options'}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={entry.metadata.name}
          required={entry.metadata.isRequired}
          error={Boolean(fieldState.error)}
          helperText={autoFilledProps(autoFilled, fieldState.error?.message).helperText}
          onFocus={() => fill?.setActiveField(null)}
        />
      )}
      sx={autoFilledProps(autoFilled, undefined).sx}
      data-auto-filled={autoFilled ?? undefined}
    />
  );
}

/** List: the definition's allowed values, or its lookup values from the server. */
export function ListField(props: MetadataFieldProps) {
  const { entry, readOnly } = props;
  const needsLookup = !entry.allowedValues && !readOnly;
  const lookups = useLookupValues(entry.metadata.id, entry.metadata.isThirdParty, needsLookup);
  const values = entry.allowedValues ?? lookups.data ?? [];
  const options = values.map((v) => ({ id: v.id, name: v.lookupValue }));
  return <OptionPicker {...props} options={options} loading={lookups.isFetching} />;
}

/** Vendor, Owner, Operator, Bank, Purchaser, Party: connected connections of that type. */
export function PartyField(props: MetadataFieldProps) {
  const partyTypeId = partyTypeOfField[props.entry.metadata.metadataType.id] ?? null;
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const parties = usePartyOptions(partyTypeId, query, opened && !props.readOnly);
  const options = (parties.data?.items ?? []).map((p) => ({ id: p.id, name: p.name }));
  return (
    <OptionPicker
      {...props}
      options={options}
      loading={parties.isFetching}
      onOpen={() => setOpened(true)}
      onSearch={setSearch}
      noOptionsText="Sorry, no matching connections"
    />
  );
}

/**
 * OrgUnit: the company's profiles; on AR invoices limited to the purchaser's connected profiles
 * (`allowed`, spec 1 §4 purchaser rule).
 */
export function OrgUnitField(props: MetadataFieldProps & { allowed: Option[] | null }) {
  const orgUnits = useOrgUnitOptions(!props.readOnly && props.allowed === null);
  const options =
    props.allowed ?? (orgUnits.data?.items ?? []).map((o) => ({ id: o.id, name: o.name }));
  return <OptionPicker {...props} options={options} loading={orgUnits.isFetching} />;
}

/** DocumentType: the document types (stored by name, the id kept for the picker). */
export function DocumentTypeField(props: MetadataFieldProps) {
  const types = useDocumentTypes();
  const options = (types.data ?? []).map((t) => ({ id: t.id, name: t.name }));
  return <OptionPicker {...props} options={options} loading={types.isFetching} />;
}
