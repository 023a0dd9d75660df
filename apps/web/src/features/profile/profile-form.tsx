import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
  USER_TITLE_MAX,
  dateFormats,
  zPersonalizationUpdate,
  type PersonalizationUpdate,
} from '@flowline/shared';

type FormValues = PersonalizationUpdate;

interface ProfileFormProps {
  email: string;
  defaultValues: FormValues;
  /** Global users see their profile but cannot change it (spec 2 §2.2). */
  profileReadOnly: boolean;
  /** Unsubscribe mode: only Receive Emails stays editable (spec 3 §4). */
  unsubscribe: boolean;
  saving: boolean;
  /** Opens Change Email Address (the change waits for the new address to confirm it). */
  onChangeEmail?: () => void;
  /** A requested new e-mail waiting for confirmation. */
  pendingEmail?: string | null;
  onSubmit(values: PersonalizationUpdate): void;
  onCancel(): void;
}

/** My profile (spec 3 §2 User profile): the Profile and Preferences sections. */
export function ProfileForm({
  email,
  defaultValues,
  profileReadOnly,
  unsubscribe,
  saving,
  onChangeEmail,
  pendingEmail,
  onSubmit,
  onCancel,
}: ProfileFormProps) {
  const { control, handleSubmit } = useForm<FormValues, unknown, PersonalizationUpdate>({
    resolver: zodResolver(zPersonalizationUpdate),
    defaultValues,
  });
  const lockProfile = profileReadOnly || unsubscribe || saving;

  const text = (name: 'firstName' | 'lastName' | 'title', label: string, required: boolean) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          required={required}
          fullWidth
          disabled={lockProfile}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={name === 'title' ? { htmlInput: { maxLength: USER_TITLE_MAX } } : undefined}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="My profile">
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Profile
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label="Email Address"
              value={email}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              disabled={unsubscribe}
              helperText={
                pendingEmail ? `Waiting for ${pendingEmail} to confirm the change` : undefined
              }
            />
            {onChangeEmail && !lockProfile && (
              <Button size="small" sx={{ mt: 0.5 }} onClick={onChangeEmail}>
                Change Email Address
              </Button>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('title', 'Title', false)}</Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('firstName', 'First Name', true)}</Grid>
          <Grid size={{ xs: 12, md: 6 }}>{text('lastName', 'Last Name', true)}</Grid>
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Preferences
        </Typography>
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="dateFormat"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="Date Format"
                  fullWidth
                  disabled={unsubscribe || saving}
                >
                  {dateFormats.map((format) => (
                    <MenuItem key={format} value={format}>
                      {format}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="receiveEmails"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label="Receive Emails"
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      disabled={saving}
                    />
                  }
                />
              )}
            />
          </Grid>
        </Grid>
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
