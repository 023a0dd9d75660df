import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cloudRepositoryUrl, type UserCompany } from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { resolveCompanyTarget } from '../../features/session/company-target';
import { useSession } from '../../features/session/use-session';

export const CHANGE_ACCOUNT_TITLE = 'Select Account to Navigate to';

/** Spec 2 §2.3: every company of the user except the current one, searchable by name. */
export function ChangeAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { company, companies, switchCompany } = useSession();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const titleId = useId();

  const others = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return companies
      .filter((c) => c.id !== company.id && c.name.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [companies, company.id, search]);

  const choose = async (chosen: UserCompany) => {
    onClose();
    try {
      // The server says where the company is served (spec 2 §7.4), not the cached list.
      const target = await resolveCompanyTarget(chosen.id, '/repository');
      if (target.kind === 'cloud') window.location.assign(target.url);
      else if (target.kind === 'here') await switchCompany(target.company.id);
    } catch (error) {
      snackbar.showError(errorMessage(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setSearch('') } }}
    >
      <DialogTitle id={titleId}>{CHANGE_ACCOUNT_TITLE}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Account Name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          fullWidth
          autoFocus
          sx={{ mb: 1 }}
        />
        {others.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }} role="status">
            No accounts found
          </Typography>
        ) : (
          <List aria-label="Accounts" sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {others.map((c) => {
              const unavailable = c.isCloud && !cloudRepositoryUrl(c);
              return (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton onClick={() => void choose(c)} disabled={unavailable}>
                    <ListItemText
                      primary={c.name}
                      secondary={c.isCloud ? `${c.code} · opens its own site` : c.code}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
