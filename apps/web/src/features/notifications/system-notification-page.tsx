import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SYSTEM_NOTIFICATION_MESSAGE_MAX,
  SYSTEM_NOTIFICATION_TITLE_MAX,
  UserType,
  zSystemNotificationInput,
  type SystemNotificationFormValues,
  type SystemNotificationInput,
} from '@flowline/shared';
import { NotFoundPage } from '../../components/page-not-found';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { isApiError } from '../../lib/api-error';
import { useSession } from '../session/use-session';
import { usePostSystemNotification } from './api';

export const SYSTEM_NOTIFICATIONS_PATH = '/support/systemNotifications';
export const SYSTEM_NOTIFICATIONS_TITLE = 'System Notifications';

const emptyForm: SystemNotificationFormValues = {
  title: '',
  message: '',
  audience: 'allCompanies',
};

export const postedMessage = (recipients: number) =>
  `System notification posted to ${recipients} ${recipients === 1 ? 'user' : 'users'}`;

/**
 * Global (support) users post System notifications (issue 11 item 20): each recipient sees it
 * as the shell shows pending system notifications — on screen until dismissed. Everyone else
 * gets Page Not found, and the server refuses them too (403).
 */
export function SystemNotificationPage() {
  const { user } = useSession();
  if (user.userType !== UserType.Global) return <NotFoundPage />;
  return <SystemNotificationForm />;
}

function SystemNotificationForm() {
  const { company } = useSession();
  const snackbar = useSnackbar();
  const post = usePostSystemNotification();
  const { control, handleSubmit, reset, setError } = useForm<
    SystemNotificationFormValues,
    unknown,
    SystemNotificationInput
  >({ resolver: zodResolver(zSystemNotificationInput), defaultValues: emptyForm });

  const submit = handleSubmit((values) =>
    post.mutate(values, {
      onSuccess: ({ recipients }) => {
        snackbar.showSuccess(postedMessage(recipients));
        reset(emptyForm);
      },
      onError: (error) => {
        // The snackbar shows the server's message; its field messages go beside the fields.
        if (!isApiError(error) || !error.fields) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'title' || field === 'message' || field === 'audience') {
            setError(field, { message });
          }
        }
      },
    }),
  );

  return (
    <>
      <PageHeader title={SYSTEM_NOTIFICATIONS_TITLE} />
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        A system notification stays on the screen of every recipient until they close it. Use it for
        notices that concern everyone, such as scheduled maintenance.
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={submit}
        sx={{ p: 2, maxWidth: 720 }}
        aria-label="New system notification"
      >
        <Stack spacing={2}>
          <Controller
            name="title"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Title"
                required
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: SYSTEM_NOTIFICATION_TITLE_MAX } }}
              />
            )}
          />
          <Controller
            name="message"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Message"
                required
                multiline
                minRows={4}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: SYSTEM_NOTIFICATION_MESSAGE_MAX } }}
              />
            )}
          />
          <Controller
            name="audience"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error}>
                <FormLabel id="system-notification-audience">Send to</FormLabel>
                <RadioGroup
                  aria-labelledby="system-notification-audience"
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                >
                  <FormControlLabel
                    value="allCompanies"
                    control={<Radio />}
                    label="Everyone, in every company"
                  />
                  <FormControlLabel
                    value="selectedCompany"
                    control={<Radio />}
                    label={`Only the people of ${company.name}`}
                  />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={post.isPending}>
              Post
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
