import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TERM_MAX_LENGTH, zTermUpdate, type Term } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { useTerminology, useUpdateTerm } from './api';

export const TERMINOLOGY_SAVED = 'Terminology Saved';

/** Where each term is shown, so an Administrator knows what renaming it changes. */
const usedFor: Record<number, string> = {
  1: 'The organisational units of your company (navigation, users, connections, ACH).',
  2: 'Companies that send you invoices (connection types, filters).',
  3: 'The companies you exchange documents with (navigation, top bar, lists, invitations).',
};

/**
 * Administration → Terminology (issue 27 item 22): the company's names for Profile, Vendor and
 * Connection. Saved with PUT /terminology/{id}; a blank name restores the default. The navigation
 * and every screen read the same query, so their labels follow as soon as it is saved.
 */
export function TerminologyPage() {
  const { data, isLoading, isError } = useTerminology();
  return (
    <>
      <PageHeader title="Terminology" />
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Rename the words Flowline uses for your company. Leave a name empty to use the default.
      </Typography>
      {isError && <Alert severity="error">The terminology could not be loaded.</Alert>}
      {isLoading && <Typography>Loading…</Typography>}
      {data && <TerminologyForm key={data.map((t) => t.customizedName).join('|')} terms={data} />}
    </>
  );
}

function TerminologyForm({ terms }: { terms: Term[] }) {
  const snackbar = useSnackbar();
  const update = useUpdateTerm();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(terms.map((t) => [t.terminologyId, t.customizedName ?? ''])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const changed = terms.filter(
    (t) => (values[t.terminologyId] ?? '').trim() !== (t.customizedName ?? ''),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<number, string> = {};
    for (const t of changed) {
      const parsed = zTermUpdate.safeParse({ customizedName: values[t.terminologyId] ?? '' });
      if (!parsed.success) found[t.terminologyId] = parsed.error.issues[0]?.message ?? 'Invalid';
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || changed.length === 0) return;
    setSaving(true);
    try {
      for (const t of changed) {
        const name = (values[t.terminologyId] ?? '').trim();
        await update.mutateAsync({ terminologyId: t.terminologyId, customizedName: name || null });
      }
      snackbar.showSuccess(TERMINOLOGY_SAVED);
    } catch (error) {
      snackbar.showError(
        error instanceof Error ? error.message : 'The terminology could not be saved.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ p: 2, maxWidth: 720 }}
    >
      <Stack spacing={3}>
        {terms.map((t) => (
          <TextField
            key={t.terminologyId}
            label={t.terminologyName}
            placeholder={t.terminologyName}
            value={values[t.terminologyId] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [t.terminologyId]: e.target.value }))}
            error={!!errors[t.terminologyId]}
            helperText={
              errors[t.terminologyId] ??
              `${usedFor[t.terminologyId] ?? ''} Default: ${t.terminologyName}.`
            }
            slotProps={{ htmlInput: { maxLength: TERM_MAX_LENGTH + 1 } }}
            fullWidth
          />
        ))}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving || changed.length === 0}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
