import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  accountKindNames,
  codingKinds,
  codingRuleKindNames,
  codingRuleKinds,
  codingRuleMessages,
  zCodingRuleInput,
  type CodingRule,
  type CodingRuleInput,
  type CodingRuleKind,
} from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useRuleConnections, useSaveCodingRule } from './api';

interface FormState {
  name: string;
  partyId: number | null;
  isActive: boolean;
  kind: CodingRuleKind;
  requiredKinds: number[];
  limit: string;
  autoApprove: boolean;
  /** '' : every step of an approval chain. */
  replacesApprovalSteps: string;
  poPattern: string;
  poValues: string;
}

const fromRule = (rule: CodingRule | null): FormState => ({
  name: rule?.name ?? '',
  partyId: rule?.partyId ?? null,
  isActive: rule?.isActive ?? true,
  kind: rule?.kind ?? 'requiredCoding',
  requiredKinds: rule?.requiredKinds ?? [],
  limit: rule?.limit === null || rule?.limit === undefined ? '' : rule.limit.toFixed(2),
  autoApprove: rule?.autoApprove ?? false,
  replacesApprovalSteps:
    rule?.replacesApprovalSteps === null || rule?.replacesApprovalSteps === undefined
      ? ''
      : String(rule.replacesApprovalSteps),
  poPattern: rule?.poPattern ?? '',
  poValues: (rule?.poValues ?? []).join(' '),
});

function toInput(f: FormState): CodingRuleInput {
  return {
    name: f.name,
    partyId: f.partyId,
    isActive: f.isActive,
    kind: f.kind,
    requiredKinds: f.kind === 'requiredCoding' ? f.requiredKinds : [],
    limit: f.kind === 'amountLimit' ? f.limit : null,
    autoApprove: f.kind === 'amountLimit' && f.autoApprove,
    replacesApprovalSteps:
      f.kind === 'amountLimit' && f.autoApprove && f.replacesApprovalSteps !== ''
        ? Number(f.replacesApprovalSteps)
        : null,
    poPattern: f.kind === 'poMatch' ? f.poPattern : null,
    poValues: f.kind === 'poMatch' ? f.poValues.split(/[\s,]+/).filter(Boolean) : [],
  };
}

/** Adds or changes a coding rule; the shared schema checks it first (the server again). */
export function CodingRuleDialog({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: CodingRule | null;
  onClose(): void;
}) {
  return open ? <RuleForm key={rule?.id ?? 'new'} rule={rule} onClose={onClose} /> : null;
}

function RuleForm({ rule, onClose }: { rule: CodingRule | null; onClose(): void }) {
  const [form, setForm] = useState<FormState>(() => fromRule(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const connections = useRuleConnections(true);
  const save = useSaveCodingRule();
  const snackbar = useSnackbar();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = () => {
    const input = toInput(form);
    const parsed = zCodingRuleInput.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: rule?.id ?? null, input },
      {
        onSuccess: () => {
          snackbar.showSuccess(codingRuleMessages.saved);
          onClose();
        },
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="coding-rule-title" fullWidth maxWidth="sm">
      <DialogTitle id="coding-rule-title">
        {rule ? 'Edit coding rule' : 'New coding rule'}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="coding-rule-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Name"
            required
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            select
            label="Applies to"
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
                <MenuItem value={String(form.partyId)}>{rule?.partyName ?? 'Connection'}</MenuItem>
              )}
            {connections.data?.items.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Rule"
            value={form.kind}
            onChange={(e) => set('kind', e.target.value as CodingRuleKind)}
          >
            {codingRuleKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {codingRuleKindNames[k]}
              </MenuItem>
            ))}
          </TextField>
          {form.kind === 'requiredCoding' && (
            <FormControl error={Boolean(errors.requiredKinds)} component="fieldset">
              <FormLabel component="legend">Every line needs one of</FormLabel>
              <FormGroup row>
                {codingKinds.map(({ kind }) => (
                  <FormControlLabel
                    key={kind}
                    label={accountKindNames[kind]}
                    control={
                      <Checkbox
                        checked={form.requiredKinds.includes(kind)}
                        onChange={(_, on) =>
                          set(
                            'requiredKinds',
                            on
                              ? [...form.requiredKinds, kind]
                              : form.requiredKinds.filter((k) => k !== kind),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.requiredKinds && <FormHelperText>{errors.requiredKinds}</FormHelperText>}
            </FormControl>
          )}
          {form.kind === 'amountLimit' && (
            <>
              <TextField
                label="Limit"
                required
                value={form.limit}
                onChange={(e) => set('limit', e.target.value)}
                error={Boolean(errors.limit)}
                helperText={errors.limit ?? 'The invoice total may not exceed this amount'}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormControlLabel
                control={
                  <Switch checked={form.autoApprove} onChange={(_, on) => set('autoApprove', on)} />
                }
                label="Approve automatically when the invoice passes every rule under this limit"
              />
              {form.autoApprove && (
                <TextField
                  select
                  label="Counts as approval steps"
                  value={form.replacesApprovalSteps}
                  onChange={(e) => set('replacesApprovalSteps', e.target.value)}
                  error={Boolean(errors.replacesApprovalSteps)}
                  helperText={
                    errors.replacesApprovalSteps ??
                    'With an approval policy, the steps this rule approves in place of people; later steps still need their approvers'
                  }
                >
                  <MenuItem value="">Every step</MenuItem>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <MenuItem key={n} value={String(n)}>
                      {n === 1 ? 'The first step' : `The first ${n} steps`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )}
          {form.kind === 'poMatch' && (
            <>
              <TextField
                label="PO number pattern"
                value={form.poPattern}
                onChange={(e) => set('poPattern', e.target.value)}
                error={Boolean(errors.poPattern)}
                helperText={errors.poPattern ?? '* stands for any text, ? for one character'}
              />
              <TextField
                label="Or one of these PO numbers"
                multiline
                minRows={2}
                value={form.poValues}
                onChange={(e) => set('poValues', e.target.value)}
                error={Boolean(errors.poValues)}
                helperText={
                  errors.poValues ??
                  'Separated by spaces or commas. With neither, a PO number only has to be present.'
                }
              />
            </>
          )}
          <FormControlLabel
            control={<Switch checked={form.isActive} onChange={(_, on) => set('isActive', on)} />}
            label="Active"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="coding-rule-form" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
