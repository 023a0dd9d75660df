import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  USER_NAME_MAX,
  USER_PHONE_MAX,
  USER_TITLE_MAX,
  additionalRolesHelp,
  pluralizeTerm,
  roleDescriptions,
  userFormSchema,
  type OrgUnitListItem,
  type RoleOption,
  type UserFormOutput,
  type UserFormValues,
} from '@flowline/shared';
import { Link as RouterLink } from 'react-router';
import { offeredOrgUnits } from './user-form-rules';

type UserControl = Control<UserFormValues, unknown, UserFormOutput>;
const half = { xs: 12, sm: 6 } as const;

function TextInput(props: {
  control: UserControl;
  name: Extract<
    FieldPath<UserFormValues>,
    'emailAddress' | 'firstName' | 'lastName' | 'title' | 'phoneNumber'
  >;
  label: string;
  required?: boolean;
  maxLength: number;
  readOnly?: boolean;
}) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={props.label}
          required={props.required}
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { maxLength: props.maxLength, readOnly: props.readOnly } }}
        />
      )}
    />
  );
}

interface UserFormProps {
  id: string;
  creating: boolean;
  defaultValues: UserFormValues;
  roles: RoleOption[];
  orgUnits: OrgUnitListItem[];
  orgUnitTerm: string;
  saving: boolean;
  serverErrors?: Record<string, string> | undefined;
  onSubmit(values: UserFormOutput): void;
  onCancel(): void;
}

/** A role in the pickers: its name and what it may do. */
function RoleItem({ role }: { role: RoleOption }) {
  return (
    <ListItemText
      primary={role.name}
      secondary={roleDescriptions[role.id as keyof typeof roleDescriptions]}
    />
  );
}

/** The user form (spec 3 §2, §3, §5): details, roles, Active and at least one profile. */
export function UserForm(props: UserFormProps) {
  const { id, creating, defaultValues, roles, orgUnits, orgUnitTerm, saving, serverErrors } = props;
  const schema = useMemo(() => userFormSchema(orgUnitTerm), [orgUnitTerm]);
  const { control, handleSubmit, setError, setValue, getValues } = useForm<
    UserFormValues,
    unknown,
    UserFormOutput
  >({ resolver: zodResolver(schema), defaultValues });
  const mainRole = useWatch({ control, name: 'mainRole' });
  const chosenOrgUnits = useWatch({ control, name: 'userOrgUnitIds' }) ?? [];
  const offered = offeredOrgUnits(orgUnits, defaultValues.userOrgUnitIds ?? []);

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {})) {
      if (field in schema.shape) setError(field as keyof UserFormValues, { message });
    }
  }, [serverErrors, schema, setError]);

  // The main role is never also an additional role.
  useEffect(() => {
    const additional = getValues('additionalRoles') ?? [];
    if (additional.some((r) => r === mainRole)) {
      setValue(
        'additionalRoles',
        additional.filter((r) => r !== mainRole),
      );
    }
  }, [mainRole, getValues, setValue]);

  return (
    <form id={id} noValidate aria-label="User" onSubmit={handleSubmit(props.onSubmit)}>
      <Paper variant="outlined" sx={{ p: 3, mb: 2 }}>
        <Grid container columnSpacing={2} rowSpacing={2}>
          <Grid size={12}>
            <TextInput
              control={control}
              name="emailAddress"
              label="Email"
              required={creating}
              maxLength={254}
              readOnly={!creating}
            />
          </Grid>
          <Grid size={half}>
            <TextInput
              control={control}
              name="firstName"
              label="First Name"
              required
              maxLength={USER_NAME_MAX}
            />
          </Grid>
          <Grid size={half}>
            <TextInput
              control={control}
              name="lastName"
              label="Last Name"
              required
              maxLength={USER_NAME_MAX}
            />
          </Grid>
          <Grid size={half}>
            <TextInput control={control} name="title" label="Title" maxLength={USER_TITLE_MAX} />
          </Grid>
          <Grid size={half}>
            <TextInput
              control={control}
              name="phoneNumber"
              label="Phone Number"
              maxLength={USER_PHONE_MAX}
            />
          </Grid>
          <Grid size={half}>
            <Controller
              name="mainRole"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  required
                  label="Main Role"
                  fullWidth
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message ??
                    roleDescriptions[field.value as keyof typeof roleDescriptions]
                  }
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  slotProps={{
                    select: { renderValue: (v) => roles.find((r) => r.id === v)?.name ?? '' },
                  }}
                >
                  {roles.map((r) => (
                    <MenuItem key={r.id} value={r.id} sx={{ whiteSpace: 'normal', maxWidth: 560 }}>
                      <RoleItem role={r} />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={half}>
            <Controller
              name="additionalRoles"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Additional Roles"
                  fullWidth
                  helperText={additionalRolesHelp}
                  value={field.value ?? []}
                  onChange={(e) => {
                    const raw = e.target.value as unknown as (string | number)[];
                    field.onChange(raw.map(Number));
                  }}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (v) =>
                        roles
                          .filter((r) => (v as number[]).includes(r.id))
                          .map((r) => r.name)
                          .join(', '),
                    },
                  }}
                >
                  {roles
                    .filter((r) => r.id !== mainRole)
                    .map((r) => (
                      <MenuItem
                        key={r.id}
                        value={r.id}
                        sx={{ whiteSpace: 'normal', maxWidth: 560 }}
                      >
                        <RoleItem role={r} />
                      </MenuItem>
                    ))}
                </TextField>
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
                      checked={!!field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                    />
                  }
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              name="userOrgUnitIds"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" error={!!fieldState.error} required>
                  <FormLabel component="legend">{pluralizeTerm(orgUnitTerm)}</FormLabel>
                  {offered.length === 0 && (
                    // A company without any profile cannot save a user (at least one is required):
                    // say why and lead to the profile form (issue 11 item 16).
                    <FormHelperText error={false} sx={{ mx: 0 }}>
                      Every user belongs to at least one {orgUnitTerm}, and this company has no
                      active {orgUnitTerm} yet.{' '}
                      <Link component={RouterLink} to="/admin/orgunit/create">
                        Create a {orgUnitTerm}
                      </Link>{' '}
                      first, then come back to add users.
                    </FormHelperText>
                  )}
                  <FormGroup row>
                    {offered.map((o) => (
                      <FormControlLabel
                        key={o.id}
                        label={o.name}
                        control={
                          <Checkbox
                            checked={chosenOrgUnits.includes(o.id)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? [...chosenOrgUnits, o.id]
                                  : chosenOrgUnits.filter((x) => x !== o.id),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </Grid>
        </Grid>
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
