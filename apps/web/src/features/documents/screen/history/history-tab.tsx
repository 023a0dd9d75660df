import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  historyFilterTabs,
  historyOperationInfo,
  type HistoryCategory,
  type HistoryEntry,
} from '@flowline/shared';
import { useDateFormatter } from '../../../preferences';
import { useHistory } from '../api';
import { HistoryDetailDialog } from './history-detail-dialog';
import { HistoryIcon } from './history-icons';
import { historyChange } from './history-values';

/** Audit History (spec 1 §2): filter tabs All, Updates (Edit), Workflow, Views (Read). */
export function HistoryTab({ documentId }: { documentId: number }) {
  const [category, setCategory] = useState<HistoryCategory | null>(null);
  const [details, setDetails] = useState<HistoryEntry | null>(null);
  const history = useHistory(documentId, category);
  // The server filters by category; entries are checked again so a tab never shows another's.
  const entries = (history.data ?? []).filter(
    (e) => category === null || e.operation.categories.includes(category),
  );

  return (
    <Box>
      <Tabs
        value={category ?? 'all'}
        onChange={(_, value: string) =>
          setCategory(value === 'all' ? null : (value as HistoryCategory))
        }
        aria-label="History filter"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
      >
        {historyFilterTabs.map((t) => (
          <Tab key={t.label} label={t.label} value={t.category ?? 'all'} />
        ))}
      </Tabs>
      {history.isPending ? (
        <CircularProgress aria-label="Loading history" sx={{ m: 2 }} />
      ) : history.isError ? (
        <Alert severity="error">The history could not be loaded.</Alert>
      ) : entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          There is no history to show.
        </Typography>
      ) : (
        <List aria-label="History entries" dense disablePadding>
          {entries.map((entry) => (
            <HistoryRow key={entry.id} entry={entry} onOpen={() => setDetails(entry)} />
          ))}
        </List>
      )}
      <HistoryDetailDialog
        documentId={documentId}
        entry={details}
        onClose={() => setDetails(null)}
      />
    </Box>
  );
}

function HistoryRow({ entry, onOpen }: { entry: HistoryEntry; onOpen(): void }) {
  const { formatDateTime, dateFormat } = useDateFormatter();
  const info = historyOperationInfo(entry.operation.id);
  // A changed field, or what a workflow step adds (a rejection's or return's reason).
  const change = historyChange(entry, dateFormat) ?? entry.summary ?? null;
  const label = entry.operation.label || info.label;
  const secondary = (
    <>
      {change && (
        <Typography
          component="span"
          variant="body2"
          sx={{ display: 'block', color: 'text.primary' }}
        >
          {change}
        </Typography>
      )}
      <Typography component="span" variant="caption" sx={{ display: 'block' }}>
        {[entry.updateUser, formatDateTime(entry.updateDate)].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <HistoryIcon name={info.icon} title={info.name} />
      </ListItemIcon>
      <ListItemText primary={label} secondary={secondary} />
    </>
  );
  if (entry.hasHistoryDetails) {
    return (
      <ListItem disablePadding divider>
        <ListItemButton onClick={onOpen} aria-haspopup="dialog">
          {content}
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem divider sx={{ alignItems: 'flex-start' }}>
      {content}
    </ListItem>
  );
}
