import { useState, type ClipboardEvent } from 'react';
import { useController } from 'react-hook-form';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { canonicalValue, type FieldState, type MetadataFormValues } from '../form-values';
import { dateTimePlaceholder, maskDate, maskDateTime } from '../date-mask';
import {
  canonicalCurrency,
  canonicalNumber,
  formatCurrencyText,
  sanitizeNumberInput,
  toNumericText,
} from '../number-format';
import { useClickToFill } from '../click-to-fill';
import { autoFilledProps, useAutoFilled } from './field-frame';
import type { MetadataFieldProps } from './types';

/** The value check of one field (dates strictly valid, numbers readable). */
function useMetadataController({ entry, name, dateFormat }: MetadataFieldProps) {
  return useController<MetadataFormValues, string>({
    name,
    rules: {
      validate: (state: FieldState) => {
        const result = canonicalValue(entry.metadata, state, dateFormat);
        return 'error' in result ? result.error : true;
      },
    },
  });
}

/**
 * The form value of a text-like field and the TextField props they all share: label, required
 * mark, error text, the auto-filled highlight and note, and click-to-fill's target on focus.
 */
function useTextField(props: MetadataFieldProps) {
  const { entry, readOnly, name } = props;
  const { field, fieldState } = useMetadataController(props);
  const fill = useClickToFill();
  const error = fieldState.error?.message;
  const autoFilled = useAutoFilled(entry, fieldState.isDirty);
  return {
    field,
    bound: {
      label: entry.metadata.name,
      fullWidth: true,
      required: entry.metadata.isRequired && !readOnly,
      error: Boolean(error),
      ...autoFilledProps(autoFilled, error),
      inputRef: field.ref,
      name: field.name,
      onFocus: () => fill?.setActiveField(readOnly ? null : name),
    },
  };
}

/** Text, TextArea, Company (always read-only) and the field types without a picker of their own. */
export function PlainTextField(props: MetadataFieldProps & { multiline?: boolean }) {
  const { field, bound } = useTextField(props);
  return (
    <TextField
      {...bound}
      value={field.value.text}
      onChange={(event) => field.onChange({ text: event.target.value, id: null })}
      onBlur={field.onBlur}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      slotProps={{ input: { readOnly: props.readOnly } }}
    />
  );
}

/**
 * Pasted text becomes the number in it, or nothing, in place of the selection (spec 1 §5). Bound
 * on the <input> itself (slotProps.htmlInput): on the TextField the handler sits on the root <div>,
 * which has no selection, and the paste used to be appended to the whole value.
 */
function pasteNumber(event: ClipboardEvent<HTMLInputElement>, current: string) {
  event.preventDefault();
  const input = event.currentTarget;
  const pasted = toNumericText(event.clipboardData.getData('text'));
  const start = input.selectionStart ?? current.length;
  const end = input.selectionEnd ?? current.length;
  return sanitizeNumberInput(current.slice(0, start) + pasted + current.slice(end));
}

/** Numbers only; shown as typed. */
export function NumericField(props: MetadataFieldProps) {
  const { field, bound } = useTextField(props);
  const set = (text: string) => field.onChange({ text, id: null });
  return (
    <TextField
      {...bound}
      value={field.value.text}
      onChange={(event) => set(sanitizeNumberInput(event.target.value))}
      onBlur={() => {
        const canonical = canonicalNumber(field.value.text);
        if (canonical !== null && canonical !== field.value.text) set(canonical);
        field.onBlur();
      }}
      slotProps={{
        input: { readOnly: props.readOnly },
        htmlInput: {
          inputMode: 'decimal',
          onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
            if (!props.readOnly) set(pasteNumber(event, field.value.text));
          },
        },
      }}
    />
  );
}

/**
 * US dollars: numbers only while typing, '1,234.50' otherwise. The formatted text stays on focus
 * (changing it then would lose the caret and a select-all); the first keystroke shows the plain
 * number being typed.
 */
export function CurrencyField(props: MetadataFieldProps) {
  const { field, bound } = useTextField(props);
  const [editing, setEditing] = useState(false);
  const set = (text: string) => {
    setEditing(true);
    field.onChange({ text, id: null });
  };
  const shown = editing ? field.value.text : formatCurrencyText(field.value.text);
  return (
    <TextField
      {...bound}
      value={shown}
      onChange={(event) => set(sanitizeNumberInput(event.target.value))}
      onBlur={() => {
        setEditing(false);
        const canonical = canonicalCurrency(field.value.text);
        if (canonical !== null && canonical !== field.value.text) {
          field.onChange({ text: canonical, id: null });
        }
        field.onBlur();
      }}
      slotProps={{
        input: {
          readOnly: props.readOnly,
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
        },
        htmlInput: {
          inputMode: 'decimal',
          onPaste: (event: ClipboardEvent<HTMLInputElement>) => {
            if (!props.readOnly) set(pasteNumber(event, shown));
          },
        },
      }}
    />
  );
}

/** Deleting keeps what is left as it is; typing and pasting go through the mask. */
function masked(next: string, previous: string, mask: (text: string) => string) {
  return next.length < previous.length ? next : mask(next);
}

/** Masked from the user's date format; only a strictly valid date is accepted (spec 1 §5). */
export function DateField(props: MetadataFieldProps) {
  const { field, bound } = useTextField(props);
  const { dateFormat } = props;
  return (
    <TextField
      {...bound}
      value={field.value.text}
      placeholder={dateFormat}
      onChange={(event) =>
        field.onChange({
          text: masked(event.target.value, field.value.text, (t) => maskDate(t, dateFormat)),
          id: null,
        })
      }
      onBlur={field.onBlur}
      slotProps={{
        input: { readOnly: props.readOnly },
        htmlInput: { inputMode: 'numeric', maxLength: dateFormat.length },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** The date mask followed by a 12-hour time with AM/PM (type A or P). */
export function DateTimeField(props: MetadataFieldProps) {
  const { field, bound } = useTextField(props);
  const { dateFormat } = props;
  const placeholder = dateTimePlaceholder(dateFormat);
  return (
    <TextField
      {...bound}
      value={field.value.text}
      placeholder={placeholder}
      onChange={(event) =>
        field.onChange({
          text: masked(event.target.value, field.value.text, (t) => maskDateTime(t, dateFormat)),
          id: null,
        })
      }
      onBlur={field.onBlur}
      slotProps={{
        input: { readOnly: props.readOnly },
        htmlInput: { maxLength: placeholder.length + 1 },
        inputLabel: { shrink: true },
      }}
    />
  );
}
