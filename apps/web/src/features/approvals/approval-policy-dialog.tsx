import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Role,
  roleNames,
  zApprovalPolicyInput,
  type ApprovalPolicy,
  type ApprovalPolicyInput,
} from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useRuleConnections } from '../coding-rules/api';
import { useApproverChoices, useSaveApprovalPolicy } from './api';

interface StepState {
  above: string;
  approverUserIds: number[];
  approverRoleId: number | null;
}

interface FormState {
  name: string;
  position: string;
  isActive: boolean;
  isDefault: boolean;
  partyId: number | null;
  codingPrefix: string;
  accountCodes: string;
  minTotal: string;
  maxTotal: string;
  steps: StepState[];
}

const money = (v: number | null) => (v === null ? '' : v.toFixed(2));
const approverRoles = [Role.Administrator, Role.User, Role.Processor] as const;

const fromPolicy = (p: ApprovalPolicy | null): FormState => ({
  name: p?.name ?? '',
  position: String(p?.position ?? 0),
  isActive: p?.isActive ?? true,
  isDefault: p?.isDefault ?? false,
  partyId: p?.partyId ?? null,
  codingPrefix: p?.codingPrefix ?? '',
  accountCodes: (p?.accountCodes ?? []).join(' '),
  minTotal: money(p?.minTotal ?? null),
  maxTotal: money(p?.maxTotal ?? null),
  steps: p?.steps.map((s) => ({
    above: money(s.above),
    approverUserIds: s.approverUserIds,
    approverRoleId: s.approverRoleId,
  })) ?? [{ above: '', approverUserIds: [], approverRoleId: null }],
});

const toInput = (f: FormState): ApprovalPolicyInput => ({
  name: f.name,
  position: Number(f.position) || 0,
  isActive: f.isActive,
  isDefault: f.isDefault,
  partyId: f.partyId,
  codingPrefix: f.codingPrefix,
  accountCodes: f.accountCodes.split(/[\s,]+/).filter(Boolean),
  minTotal: f.minTotal,
  maxTotal: f.maxTotal,
  // The first step applies to every amount.
  steps: f.steps.map((s, i) => (i === 0 ? { ...s, above: '' } : s)),
});

/** Adds or changes an approval policy; the shared schema checks it first (the server again). */
export function ApprovalPolicyDialog({
  open,
  policy,
  onClose,
}: {
  open: boolean;
  policy: ApprovalPolicy | null;
  onClose(): void;
}) {
  return open ? <PolicyForm key={policy?.id ?? 'new'} policy={policy} onClose={onClose} /> : null;
}

function PolicyForm({ policy, onClose }: { policy: ApprovalPolicy | null; onClose(): void }) {
  const [form, setForm] = useState<FormState>(() => fromPolicy(policy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const connections = useRuleConnections(true);
  const users = useApproverChoices(true);
  const save = useSaveApprovalPolicy();
  const snackbar = useSnackbar();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setStep = (index: number, change: Partial<StepState>) =>
    set(
      'steps',
      form.steps.map((s, i) => (i === index ? { ...s, ...change } : s)),
    );
  const userOptions = users.data?.items ?? [];
  const userLabel = (id: number) => {
    const u = userOptions.find((o) => o.id === id);
    return u ? `${u.firstName} ${u.lastName}` : `User ${id}`;
  };

  const submit = () => {
    const input = toInput(form);
    const parsed = zApprovalPolicyInput.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        next[issue.path.slice(0, issue.path[0] === 'steps' ? 2 : 1).join('.') || '_'] ??=
          issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: policy?.id ?? null, input },
      {
        onSuccess: () => {
          snackbar.showSuccess('Approval policy saved');
          onClose();
        },
        onError: (error) => setErrors({ _: errorMessage(error) }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="approval-policy-title" fullWidth maxWidth="md">
      <DialogTitle id="approval-policy-title">
        {policy ? 'Edit approval policy' : 'New approval policy'}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="approval-policy-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {errors._ && (
            <Typography color="error" role="alert">
              {errors._}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Name"
              required
              fullWidth
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
            />
            <TextField
              label="Order"
              value={form.position}
              onChange={(e) => set('position', e.target.value)}
              helperText="Policies are tried in this order; the first match wins"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ minWidth: 160 }}
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={form.isDefault} onChange={(_, on) => set('isDefault', on)} />}
            label="Default policy: used when no other policy matches (its conditions are ignored)"
          />
          {!form.isDefault && (
            <>
              <Typography variant="subtitle2" component="h3">
                Applies to invoices
              </Typography>
              <TextField
                select
                label="From"
                value={form.partyId === null ? 'all' : String(form.partyId)}
                onChange={(e) =>
                  set('partyId', e.target.value === 'all' ? null : Number(e.target.value))
                }
                error={Boolean(errors.partyId)}
                helperText={errors.partyId}
              >
                <MenuItem value="all">All connections</MenuItem>
                {form.partyId !== null &&
                  !connections.data?.items.some((c) => c.id === form.partyId) && (
                    <MenuItem value={String(form.partyId)}>
                      {policy?.partyName ?? 'Connection'}
                    </MenuItem>
                  )}
                {connections.data?.items.map((c) => (
                  <MenuItem key={c.id} value={String(c.id)}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Total from"
                  fullWidth
                  value={form.minTotal}
                  onChange={(e) => set('minTotal', e.target.value)}
                  error={Boolean(errors.minTotal)}
                  helperText={errors.minTotal}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <TextField
                  label="Total up to"
                  fullWidth
                  value={form.maxTotal}
                  onChange={(e) => set('maxTotal', e.target.value)}
                  error={Boolean(errors.maxTotal)}
                  helperText={errors.maxTotal}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="AFE or cost center starts with"
                  fullWidth
                  value={form.codingPrefix}
                  onChange={(e) => set('codingPrefix', e.target.value)}
                  error={Boolean(errors.codingPrefix)}
                  helperText={errors.codingPrefix}
                />
                <TextField
                  label="Account codes on a line"
                  fullWidth
                  value={form.accountCodes}
                  onChange={(e) => set('accountCodes', e.target.value)}
                  error={Boolean(errors.accountCodes)}
                  helperText={errors.accountCodes ?? 'Separated by spaces or commas'}
                />
              </Stack>
            </>
          )}
          <Typography variant="subtitle2" component="h3">
            Steps, approved in this order
          </Typography>
          {errors.steps && <Typography color="error">{errors.steps}</Typography>}
          {form.steps.map((step, index) => (
            <Paper
              key={index}
              variant="outlined"
              component="fieldset"
              sx={{ p: 2, m: 0 }}
              aria-label={`Step ${index + 1}`}
            >
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Typography sx={{ minWidth: 56, pt: 1 }}>Step {index + 1}</Typography>
                <TextField
                  label="When the total is above"
                  value={index === 0 ? '' : step.above}
                  disabled={index === 0}
                  onChange={(e) => setStep(index, { above: e.target.value })}
                  error={Boolean(errors[`steps.${index}`])}
                  helperText={
                    errors[`steps.${index}`] ?? (index === 0 ? 'Every invoice' : 'Empty: always')
                  }
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ minWidth: 180 }}
                />
                <Autocomplete
                  multiple
                  fullWidth
                  options={userOptions.map((u) => u.id)}
                  value={step.approverUserIds}
                  getOptionLabel={userLabel}
                  onChange={(_, ids) => setStep(index, { approverUserIds: ids })}
                  renderInput={(params) => <TextField {...params} label="Approvers" />}
                />
                <TextField
                  select
                  label="Or anyone with the role"
                  value={step.approverRoleId === null ? '' : String(step.approverRoleId)}
                  onChange={(e) =>
                    setStep(index, {
                      approverRoleId: e.target.value === '' ? null : Number(e.target.value),
                    })
                  }
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">No role</MenuItem>
                  {approverRoles.map((r) => (
                    <MenuItem key={r} value={String(r)}>
                      {roleNames[r]}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={`Remove step ${index + 1}`}
                  disabled={form.steps.length === 1}
                  onClick={() =>
                    set(
                      'steps',
                      form.steps.filter((_, i) => i !== index),
                    )
                  }
                >
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </Paper>
          ))}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            disabled={form.steps.length >= 10}
            onClick={() =>
              set('steps', [
                ...form.steps,
                { above: '', approverUserIds: [], approverRoleId: null },
              ])
            }
          >
            Add step
          </Button>
          <FormControlLabel
            control={<Switch checked={form.isActive} onChange={(_, on) => set('isActive', on)} />}
            label="Active"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          form="approval-policy-form"
          variant="contained"
          disabled={save.isPending}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
