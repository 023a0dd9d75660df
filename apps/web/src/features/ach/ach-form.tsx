import { useEffect } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  Terminology,
  achAccountTypeNames,
  achCountryNames,
  pluralizeTerm,
  zAchInput,
  type Ach,
  type AchFormValues,
  type AchInput,
  type AchAvailableParty,
  type AchRef,
} from '@flowline/shared';
import { useTerm } from '../terminology/api';
import { useAchAvailableParties } from './api';
import { AccountNumberField } from './account-number-field';
import {
  ACH_TEXT_MAX,
  keepDigits,
  keepOfferedParties,
  pickerOptions,
  routingNumberMaxLength,
} from './ach-form-rules';
import { ChipsPicker } from './chips-picker';

interface AchFormProps {
  /** The ACH being edited; null for a new one. */
  ach: Ach | null;
  defaultValues: DefaultValues<AchFormValues>;
  profiles: AchRef[];
  saving: boolean;
  /** Field messages the server sent back (path → message). */
  serverErrors?: Record<string, string> | undefined;
  onSubmit(input: AchInput): void;
  onCancel(): void;
}

const countries = Object.entries(achCountryNames);
const NONE: readonly number[] = [];
const NOTHING_OFFERED: AchAvailableParty[] = [];
const accountTypes = Object.entries(achAccountTypeNames);

export function AchForm({
  ach,
  defaultValues,
  profiles,
  saving,
  serverErrors,
  onSubmit,
  onCancel,
}: AchFormProps) {
  const { control, handleSubmit, setError, setValue, getValues } = useForm<
    AchFormValues,
    unknown,
    AchInput
  >({
    resolver: zodResolver(zAchInput),
    defaultValues,
  });
  const country = useWatch({ control, name: 'country' });
  const orgUnitIds = useWatch({ control, name: 'orgUnitIds' }) ?? NONE;
  const parties = useAchAvailableParties(orgUnitIds);
  const offered = orgUnitIds.length === 0 ? NOTHING_OFFERED : parties.data;
  const profileTerm = useTerm(Terminology.OrgUnit);
  const connectionTerm = useTerm(Terminology.Party);

  useEffect(() => {
    if (!offered) return;
    const chosen = getValues('partyIds') ?? [];
    const kept = keepOfferedParties(chosen, offered);
    if (kept.length !== chosen.length) setValue('partyIds', kept);
  }, [offered, getValues, setValue]);

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      if (field in zAchInput.shape) setError(field as keyof AchFormValues, { message });
    }
  }, [serverErrors, setError]);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={ach ? 'Edit ACH' : 'Create ACH'}>
      <Grid container spacing={2} sx={{ maxWidth: 900 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="bankName"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Bank Name"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                slotProps={{ htmlInput: { maxLength: ACH_TEXT_MAX } }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Country"
                required
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => {
                  const value = event.target.value === 'US' ? 'US' : 'O';
                  field.onChange(value);
                  const routing = getValues('routingNumber') ?? '';
                  const max = routingNumberMaxLength(value);
                  if (routing.length > max) setValue('routingNumber', routing.slice(0, max));
                }}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {countries.map(([code, name]) => (
                  <MenuItem key={code} value={code}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="routingNumber"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Routing Number"
                required
                fullWidth
                onChange={(event) =>
                  field.onChange(keepDigits(event.target.value, routingNumberMaxLength(country)))
                }
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: routingNumberMaxLength(country) },
                }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="accountNumber"
            render={({ field, fieldState }) => (
              <AccountNumberField
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                masked={ach !== null}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="accountTypeId"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Account Type"
                required
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(Number(event.target.value) === 2 ? 2 : 1)}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
              >
                {accountTypes.map(([id, name]) => (
                  <MenuItem key={id} value={Number(id)}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="orgUnitIds"
            render={({ field, fieldState }) => (
              <ChipsPicker
                label={profileTerm}
                options={pickerOptions(profiles, field.value ?? [], ach?.profiles ?? [])}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                noOptionsText={`No active ${pluralizeTerm(profileTerm).toLowerCase()}`}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="partyIds"
            render={({ field, fieldState }) => (
              <ChipsPicker
                label={connectionTerm}
                options={pickerOptions(offered ?? [], field.value ?? [], ach?.connections ?? [])}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                loading={parties.isFetching}
                noOptionsText={
                  orgUnitIds.length === 0
                    ? `Choose a ${profileTerm} first`
                    : `No ${pluralizeTerm(connectionTerm).toLowerCase()} in the chosen ${pluralizeTerm(profileTerm).toLowerCase()}`
                }
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={saving}>
              Save
            </Button>
            <Button variant="outlined" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          </Stack>
        </Grid>
      </Grid>
    </form>
  );
}
