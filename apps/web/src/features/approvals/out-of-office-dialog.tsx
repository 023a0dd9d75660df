import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { zApprovalDelegationInput, type ApprovalDelegation } from '@flowline/shared';
import { useSession } from '../session/use-session';
import { useSnackbar } from '../../components/snackbar';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences';
import {
  useCreateDelegation,
  useDelegateChoices,
  useDelegations,
  useDeleteDelegation,
} from './assignment-api';

const today = () => new Date().toISOString().slice(0, 10);

function describe(d: ApprovalDelegation, myId: number, formatDate: (v: string) => string) {
  const when = `${formatDate(d.startsOn)} – ${formatDate(d.endsOn)}`;
  if (d.fromUserId === myId) return { primary: `${d.toUserName} approves for you`, when };
  if (d.toUserId === myId) return { primary: `You approve for ${d.fromUserName}`, when };
  return { primary: `${d.toUserName} approves for ${d.fromUserName}`, when };
}

/**
 * 'Out of office' (issue 29 item 3): the caller's approvals go to another user who may approve,
 * from one day to another; the delegations that have not ended are listed, each can be ended.
 * The server checks the same rules (zApprovalDelegationInput and the membership).
 */
export function OutOfOfficeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { user } = useSession();
  const snackbar = useSnackbar();
  const { formatDate } = useDateFormatter();
  const delegates = useDelegateChoices(open);
  const delegations = useDelegations();
  const create = useCreateDelegation();
  const remove = useDeleteDelegation();
  const [toUserId, setToUserId] = useState('');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const parsed = zApprovalDelegationInput.safeParse({
      toUserId: toUserId ? Number(toUserId) : undefined,
      startsOn,
      endsOn,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            String(i.path[0]),
            i.path[0] === 'toUserId' ? 'Choose who approves for you' : i.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        snackbar.showSuccess('Your approvals are delegated');
        setToUserId('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        setFormError(errorMessage(error));
      },
    });
  };

  const choices = (delegates.data?.items ?? []).filter((c) => c.id !== user.id);
  const items = delegations.data?.items ?? [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="out-of-office-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="out-of-office-title">Out of office</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          While you are away, another user approves the invoices that wait for you — within your
          approval limit — and the history says they approved on your behalf.
        </DialogContentText>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack
          component="form"
          id="out-of-office-form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            label="Approves for me"
            required
            value={toUserId}
            onChange={(e) => setToUserId(e.target.value)}
            error={Boolean(errors.toUserId)}
            helperText={errors.toUserId}
          >
            {choices.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label="First day"
              required
              fullWidth
              value={startsOn}
              onChange={(e) => setStartsOn(e.target.value)}
              error={Boolean(errors.startsOn)}
              helperText={errors.startsOn}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="Last day"
              required
              fullWidth
              value={endsOn}
              onChange={(e) => setEndsOn(e.target.value)}
              error={Boolean(errors.endsOn)}
              helperText={errors.endsOn}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
          Delegations
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">No delegations.</Typography>
        ) : (
          <List dense aria-label="Delegations">
            {items.map((d) => {
              const text = describe(d, user.id, formatDate);
              return (
                <ListItem
                  key={d.id}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`End: ${text.primary}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(d.id, {
                          onSuccess: () => snackbar.showSuccess('Delegation ended'),
                          onError: (error) => setFormError(errorMessage(error)),
                        })
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={text.primary}
                    secondary={`${text.when}${d.isActive ? ' · active today' : ''}`}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          type="submit"
          form="out-of-office-form"
          variant="contained"
          disabled={create.isPending}
        >
          Delegate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
