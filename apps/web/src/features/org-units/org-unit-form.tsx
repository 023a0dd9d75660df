import { useEffect } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  zOrgUnitInput,
  type AdminUserListItem,
  type OrgUnit,
  type OrgUnitFormValues,
  type OrgUnitInput,
} from '@flowline/shared';
import { useTaxTypes } from '../lookups/api';
import { AddressFields } from './address-fields';
import { OrgUnitSelectField, OrgUnitTextField, type OrgUnitControl } from './form-fields';
import { OrgUnitUsersTable } from './org-unit-users-table';

const half = { xs: 12, sm: 6 } as const;

interface OrgUnitFormProps {
  /** The form element's id: the Actions menu's Save submits it. */
  id: string;
  /** The profile being edited; null for a new one. */
  orgUnit: OrgUnit | null;
  defaultValues: DefaultValues<OrgUnitFormValues>;
  users: AdminUserListItem[];
  usersLoading: boolean;
  saving: boolean;
  /** Field messages the server sent back (path → message). */
  serverErrors?: Record<string, string> | undefined;
  onSubmit(input: OrgUnitInput): void;
  onCancel(): void;
}

/** The profile edit form (spec 3 §2, §3, §5): details, three addresses, tax id and users. */
export function OrgUnitForm(props: OrgUnitFormProps) {
  const { id, orgUnit, defaultValues, users, usersLoading, saving, serverErrors } = props;
  const form = useForm<OrgUnitFormValues, unknown, OrgUnitInput>({
    resolver: zodResolver(zOrgUnitInput),
    defaultValues,
  });
  const control = form.control as OrgUnitControl;
  const country = useWatch({ control, name: 'country' }) ?? '';
  const taxType = useWatch({ control, name: 'taxIdentificationType' }) ?? '';
  const taxTypes = useTaxTypes(country);
  const format = taxTypes.data?.find((t) => t.code === taxType)?.format;

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      if (field in zOrgUnitInput.shape)
        form.setError(field as keyof OrgUnitFormValues, { message });
    }
  }, [serverErrors, form]);

  return (
    <form id={id} noValidate aria-label="Profile" onSubmit={form.handleSubmit(props.onSubmit)}>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Grid container columnSpacing={2} rowSpacing={2}>
          <Grid size={half}>
            <OrgUnitTextField control={control} name="name" label="Name" required maxLength={255} />
          </Grid>
          <Grid size={half}>
            <OrgUnitTextField control={control} name="code" label="Code" required maxLength={255} />
          </Grid>
          <Grid size={half}>
            <OrgUnitTextField control={control} name="knownAs" label="Known As" maxLength={250} />
          </Grid>
          <Grid size={half}>
            <OrgUnitTextField control={control} name="phone" label="Phone number" maxLength={50} />
          </Grid>
          <Grid size={12}>
            <Controller
              name="isActive"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label="Is Active"
                  control={
                    <Switch
                      checked={!!field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                />
              )}
            />
          </Grid>
        </Grid>
        {(['main', 'payment', 'tax'] as const).map((address) => (
          <div key={address}>
            <Divider sx={{ my: 3 }} />
            <AddressFields form={form} address={address} />
          </div>
        ))}
        <Divider sx={{ my: 3 }} />
        <section aria-labelledby="org-unit-tax-id">
          <Typography variant="h3" id="org-unit-tax-id" sx={{ mb: 1.5 }}>
            Tax Identification
          </Typography>
          <Grid container columnSpacing={2} rowSpacing={2}>
            <Grid size={half}>
              <OrgUnitSelectField
                control={control}
                name="taxIdentificationType"
                label="Tax Identification Type"
                disabled={!country}
                hint={country ? undefined : 'Choose the main address country first'}
                options={(taxTypes.data ?? []).map((t) => ({ value: t.code, label: t.name }))}
              />
            </Grid>
            <Grid size={half}>
              <OrgUnitTextField
                control={control}
                name="taxIdentificationNumber"
                label="Tax Identification Number"
                maxLength={250}
                hint={format ? `Format: ${format}` : undefined}
              />
            </Grid>
            {orgUnit && (
              <Grid size={12}>
                <Typography variant="body2" color="text.secondary">
                  Tax Identification Number valid: {orgUnit.isTaxIdValid ? 'Yes' : 'No'}
                </Typography>
              </Grid>
            )}
          </Grid>
        </section>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <OrgUnitUsersTable control={control} users={users} loading={usersLoading} />
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
        <Button onClick={props.onCancel} disabled={saving}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
