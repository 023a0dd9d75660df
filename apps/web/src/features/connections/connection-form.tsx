import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PartyType,
  partyTypeNames,
  zConnectionInput,
  type ConnectionInput,
  type PartyTypeId,
} from '@flowline/shared';
import { useTaxTypes } from '../lookups/api';
import {
  ConnectionAddress,
  ConnectionSelectField,
  ConnectionTextField,
  half,
} from './connection-fields';
import type { ConnectionFormState } from './connection-form-values';

interface ConnectionFormProps {
  /** The form element's id: the Actions menu's Save submits it. */
  id: string;
  defaultValues: ConnectionFormState;
  profiles: { id: number; name: string }[];
  profileTerm: string;
  isTaxValid: boolean | null;
  saving: boolean;
  serverErrors?: Record<string, string> | undefined;
  onSubmit(input: ConnectionInput): void;
  onCancel(): void;
}

const resolver = zodResolver(zConnectionInput) as unknown as Resolver<
  ConnectionFormState,
  unknown,
  ConnectionInput
>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 3, mb: 2 }}>
      <Typography variant="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}

/** The connection edit form (spec 2 §2.13, §3, §5.3), grouped by topic. */
export function ConnectionForm(props: ConnectionFormProps) {
  const { id, profiles, profileTerm, serverErrors } = props;
  const form = useForm<ConnectionFormState, unknown, ConnectionInput>({
    resolver,
    defaultValues: props.defaultValues,
  });
  const { control } = form;
  const country = useWatch({ control, name: 'country' });
  const taxTypeId = useWatch({ control, name: 'taxTypeId' });
  const taxTypes = useTaxTypes(country);
  const format = taxTypes.data?.find((t) => t.code === taxTypeId)?.format;

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      if (field in zConnectionInput.shape)
        form.setError(field as keyof ConnectionFormState, { message });
    }
  }, [serverErrors, form]);

  return (
    <form id={id} noValidate aria-label="Connection" onSubmit={form.handleSubmit(props.onSubmit)}>
      <Section title="General">
        <Grid size={half}>
          <Controller
            name="partyTypeId"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                select
                required
                fullWidth
                label="Type"
                value={field.value}
                onChange={(e) =>
                  field.onChange(e.target.value === '' ? '' : Number(e.target.value))
                }
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              >
                {(Object.values(PartyType) as PartyTypeId[]).map((t) => (
                  <MenuItem key={t} value={t}>
                    {partyTypeNames[t]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="number"
            label="Number"
            required
            maxLength={100}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="name"
            label="Name"
            required
            maxLength={250}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField control={control} name="nameTwo" label="Name Two" maxLength={250} />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="effectiveFromDate"
            label="Effective From Date"
            type="date"
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="effectiveThruDate"
            label="Effective Thru Date"
            type="date"
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="externalSystem"
            label="External System"
            readOnly
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="externalSystemId"
            label="External System Id"
            readOnly
          />
        </Grid>
        <Grid size={12}>
          <Controller
            name="companyOrgUnitIds"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={profiles}
                value={profiles.filter((p) => field.value.includes(p.id))}
                getOptionLabel={(p) => p.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_e, chosen) => field.onChange(chosen.map((p) => p.id))}
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    required
                    label={profileTerm}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            name="isActive"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                label="Active"
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
              />
            )}
          />
        </Grid>
      </Section>
      <Section title="Contact">
        <Grid size={12}>
          <ConnectionTextField
            control={control}
            name="emails"
            label="Emails"
            required
            maxLength={500}
            multiline
            hint="Separate e-mail addresses with spaces"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField control={control} name="phone" label="Phone" maxLength={16} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField control={control} name="ext" label="Ext" maxLength={8} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField control={control} name="cell" label="Cell" maxLength={16} />
        </Grid>
      </Section>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <ConnectionAddress
          form={form}
          kind="primary"
          onCountryChange={() => form.setValue('taxTypeId', '')}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <ConnectionAddress form={form} kind="secondary" />
      </Paper>
      <Section title="Tax">
        <Grid size={half}>
          <ConnectionSelectField
            control={control}
            name="taxTypeId"
            label="Tax Type"
            disabled={!country}
            hint={country ? undefined : 'Choose the primary address country first'}
            options={(taxTypes.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="taxIdentifier"
            label="Tax Identifier"
            required
            maxLength={50}
            hint={format ? `Format: ${format}` : undefined}
          />
        </Grid>
        {props.isTaxValid !== null && (
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              Tax Identifier valid: {props.isTaxValid ? 'Yes' : 'No'}
            </Typography>
          </Grid>
        )}
      </Section>
      <Section title="PIDX identifiers">
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField
            control={control}
            name="dunsNumber"
            label="DUNS Number"
            maxLength={13}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField
            control={control}
            name="buyerAssignedId"
            label="Identifier Assigned by Buyer"
            maxLength={50}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ConnectionTextField
            control={control}
            name="sellerAssignedId"
            label="Identifier Assigned by Seller"
            maxLength={50}
          />
        </Grid>
      </Section>
      <Section title="Banking">
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="achRoutingTransitNumber"
            label="ACH Routing Transit Number"
            maxLength={9}
          />
        </Grid>
        <Grid size={half}>
          <ConnectionTextField
            control={control}
            name="wireRoutingTransitNumber"
            label="Wire Routing Transit Number"
            maxLength={9}
          />
        </Grid>
      </Section>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={props.saving}>
          Save
        </Button>
        <Button onClick={props.onCancel} disabled={props.saving}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
