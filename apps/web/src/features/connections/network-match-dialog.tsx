import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { connectionPageQueryOptions } from './api';
import { ConnectionStatusCell } from './connection-status-cell';

/** The spec 2 §2.12 titles of the network-match dialog. */
export function networkMatchTitle(loading: boolean, count: number) {
  if (loading) return 'Finding Matches on the Exchange Network...';
  if (count === 0) return 'Sorry no matches found';
  return count === 1 ? '1 match found' : `${count} matches found`;
}

const onNetworkQuery = {
  partyStatus: 'onNetwork',
  page: 1,
  itemsPerPage: 100_000,
  orderBy: 'name',
  orderByDirection: 'asc',
} as const;

/** Connections the network matched to a Flowline company, each with its Connect action. */
export function NetworkMatchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const matches = useQuery({ ...connectionPageQueryOptions(onNetworkQuery), enabled: open });
  const items = matches.data?.items ?? [];
  const loading = matches.isPending;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="matches-title">
      <DialogTitle id="matches-title">{networkMatchTitle(loading, items.length)}</DialogTitle>
      <DialogContent>
        {loading && <LinearProgress />}
        <List dense>
          {items.map((row) => (
            <ListItem key={row.id} secondaryAction={<ConnectionStatusCell row={row} />}>
              <ListItemText primary={row.name} secondary={row.suggestedCompanyName} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
