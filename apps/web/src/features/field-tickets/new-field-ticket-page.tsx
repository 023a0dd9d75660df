import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useOnline } from '../../lib/use-online';
import { useSession } from '../session/use-session';
import { newClientId } from './client-id';
import { useOperators } from './operators';
import { editRefusal } from './queue/field-ticket-queue';
import { fieldTicketQueue, useFieldTicketQueue } from './queue/runtime';
import { TicketLinesEditor } from './ticket-lines-editor';
import {
  blankLine,
  fromCreateBody,
  ticketFormSchema,
  todayIso,
  toCreateBody,
  type TicketFormInput,
  type TicketFormValues,
} from './ticket-form';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * New field ticket (issue 32 item 2): written on the phone at the wellsite, with or without a
 * network. 'Save and sign off' keeps it on the phone first (IndexedDB) and hands the phone to the
 * operator's representative; the queue sends it when it can.
 */
export function NewFieldTicketPage() {
  const { company, user } = useSession();
  const navigate = useNavigate();
  return (
    <TicketForm
      title="New field ticket"
      defaultValues={{
        partyId: undefined as unknown as number,
        operatorName: '',
        docNumber: '',
        docServiceDate: todayIso(),
        docStartTime: '',
        docEndTime: '',
        docWellName: '',
        docAFE: '',
        docCostCenter: '',
        docJobDescription: '',
        docCrew: '',
        docFieldSupervisor: '',
        lines: [blankLine()],
      }}
      onCancel={() => void navigate('/field-tickets')}
      onSave={async (values) => {
        const clientId = newClientId();
        await fieldTicketQueue.save({
          clientId,
          companyId: company.id,
          userId: user.id,
          operatorName: values.operatorName,
          ticket: toCreateBody(clientId, values),
        });
        void navigate(`/field-tickets/queued/${clientId}/signoff`);
      }}
    />
  );
}

/**
 * Edit one of the phone's tickets before it is sent (/field-tickets/queued/:clientId/edit): the
 * same form filled with the kept version. Saving replaces it on the phone under the same
 * clientId; a signature already captured is dropped (it was given for the earlier version) and
 * the representative signs the edited ticket. A ticket on its way or already with the server is
 * not editable here (the queue refuses it too, should the network come back meanwhile).
 */
export function EditQueuedTicketPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const item = useFieldTicketQueue().find((t) => t.clientId === clientId);
  const [loaded, setLoaded] = useState(false);
  // The form's first values: the kept version when the page opened (later queue changes, such as
  // the state moving to Sending…, must not reset what the crew is typing).
  const [initial, setInitial] = useState<TicketFormInput | null>(null);
  useEffect(() => {
    void fieldTicketQueue.load().finally(() => setLoaded(true));
  }, []);
  // Taken once, while rendering (React's 'adjusting state when a prop changes').
  if (item && initial === null && editRefusal(item) === null) {
    setInitial(fromCreateBody(item.ticket, item.operatorName));
  }

  if (!item) {
    return loaded ? (
      <Alert severity="warning">
        This ticket is not on this phone. <RouterLink to="/field-tickets">Field tickets</RouterLink>
      </Alert>
    ) : (
      <Typography>Loading…</Typography>
    );
  }
  const refusal = initial === null ? editRefusal(item) : null;
  if (refusal) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <PageHeader title={`Edit field ticket ${item.ticket.fields.docNumber}`} />
        <Alert severity="info">{refusal}</Alert>
        <Stack direction="row">
          <Button component={RouterLink} to={`/field-tickets/queued/${clientId}`}>
            Back to the ticket
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (initial === null) return <Typography>Loading…</Typography>;
  return (
    <TicketForm
      title={`Edit field ticket ${item.ticket.fields.docNumber}`}
      defaultValues={initial}
      notice={
        item.signoff
          ? 'Saving removes the representative’s signature: they sign the changed ticket again.'
          : undefined
      }
      submitLabel="Save and sign off"
      onCancel={() => void navigate(`/field-tickets/queued/${clientId}`)}
      onSave={async (values) => {
        await fieldTicketQueue.edit(clientId, {
          operatorName: values.operatorName,
          ticket: toCreateBody(clientId, values),
        });
        void navigate(`/field-tickets/queued/${clientId}/signoff`);
      }}
    />
  );
}

/** The ticket's form (new or edited), validated with the API's own messages. */
function TicketForm({
  title,
  defaultValues,
  notice,
  submitLabel = 'Save and sign off',
  onCancel,
  onSave,
}: {
  title: string;
  defaultValues: TicketFormInput;
  notice?: string;
  submitLabel?: string;
  onCancel(): void;
  onSave(values: TicketFormValues): Promise<void>;
}) {
  const { company } = useSession();
  const online = useOnline();
  const operators = useOperators(company.id);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { control, handleSubmit, setValue, formState } = useForm<
    TicketFormInput,
    unknown,
    TicketFormValues
  >({
    resolver: zodResolver(ticketFormSchema),
    defaultValues,
  });
  const partyId = useWatch({ control, name: 'partyId' }) ?? null;
  const serviceDate = useWatch({ control, name: 'docServiceDate' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setSaveError(null);
    try {
      await onSave(values);
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  });

  const text = (
    name: Exclude<keyof TicketFormInput, 'lines' | 'partyId' | 'operatorName'>,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextField>> = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          size="small"
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 760 }}>
      <PageHeader title={title} />
      {notice && <Alert severity="warning">{notice}</Alert>}
      {!online && (
        <Alert severity="info">
          You are offline. The ticket is kept on this phone and sent when the network is back.
        </Alert>
      )}
      {operators.isError && !operators.data && (
        <Alert severity="warning">
          The operators could not be read: {errorMessage(operators.error)}
        </Alert>
      )}
      <Controller
        control={control}
        name="partyId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Operator"
            required
            size="small"
            fullWidth
            value={field.value ?? ''}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => {
              const id = Number(event.target.value);
              field.onChange(id);
              setValue('operatorName', operators.data?.find((o) => o.partyId === id)?.name ?? '');
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {(operators.data ?? []).map((o) => (
              <MenuItem key={o.partyId} value={o.partyId}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack sx={twoColumns}>
        {text('docNumber', 'Ticket number', { required: true })}
        {text('docServiceDate', 'Service date', {
          required: true,
          type: 'date',
          slotProps: { inputLabel: { shrink: true } },
        })}
        {text('docStartTime', 'Start time', {
          type: 'time',
          slotProps: { inputLabel: { shrink: true } },
        })}
        {text('docEndTime', 'End time', {
          type: 'time',
          slotProps: { inputLabel: { shrink: true } },
        })}
        {text('docWellName', 'Well / Lease', { required: true })}
        {text('docAFE', 'AFE number')}
        {text('docCostCenter', 'Cost center')}
        {text('docFieldSupervisor', 'Field supervisor')}
      </Stack>
      {text('docCrew', 'Crew')}
      {text('docJobDescription', 'Job description', { multiline: true, minRows: 2 })}
      <TicketLinesEditor
        control={control}
        partyId={partyId}
        online={online}
        companyId={company.id}
        serviceDate={serviceDate}
      />
      {formState.errors.lines?.root?.message || formState.errors.lines?.message ? (
        <Alert severity="error">
          {formState.errors.lines?.root?.message ?? formState.errors.lines?.message}
        </Alert>
      ) : null}
      {saveError && <Alert severity="error">{saveError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
