import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { MetadataFormValues } from './form-values';

/**
 * The form takes the document's values (`useForm({ values })`), so a refetch that brings new
 * ones resets every field. While the document is being read, values arrive on their own — maybe
 * while the user is typing: the fields the user changed keep what they typed (and stay dirty).
 * Their values are noted when the new values come in (during render, before the form's own reset
 * effect) and put back after it. Other refetches (after a save) reset as before.
 */
export function useKeepTypedValues(
  form: UseFormReturn<MetadataFormValues>,
  values: MetadataFormValues,
  reading: boolean,
) {
  const [seen, setSeen] = useState({ values, reading });
  const [typed, setTyped] = useState<MetadataFormValues | null>(null);
  if (seen.values !== values || seen.reading !== reading) {
    setSeen({ values, reading });
    if (seen.values !== values && seen.reading) {
      const dirty = Object.keys(form.formState.dirtyFields);
      if (dirty.length) setTyped(Object.fromEntries(dirty.map((n) => [n, form.getValues(n)])));
    }
  }
  useEffect(() => {
    if (!typed) return;
    for (const [name, state] of Object.entries(typed)) {
      form.setValue(name, state, { shouldDirty: true });
    }
  }, [typed, form]);
}
