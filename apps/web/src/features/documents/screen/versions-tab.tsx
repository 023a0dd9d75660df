import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useDateFormatter } from '../../preferences';
import { useVersions } from './api';

/** The versions of the document (spec 1 §2); each opens that version's screen. */
export function VersionsTab({ documentId }: { documentId: number }) {
  const versions = useVersions(documentId);
  const { formatDateTime } = useDateFormatter();
  if (versions.isPending) return <CircularProgress aria-label="Loading versions" sx={{ m: 2 }} />;
  if (versions.isError) return <Alert severity="error">The versions could not be loaded.</Alert>;
  if (versions.data.length === 0) {
    return <Typography color="text.secondary">There are no other versions.</Typography>;
  }
  const sorted = [...versions.data].sort((a, b) => b.versionNumber - a.versionNumber);
  return (
    <List aria-label="Versions" dense disablePadding>
      {sorted.map((version) => {
        const current = version.id === documentId;
        return (
          <ListItem key={version.id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/documents/${version.id}`}
              selected={current}
              aria-current={current ? 'page' : undefined}
            >
              <ListItemText
                primary={`Version ${version.versionNumber}`}
                secondary={`${formatDateTime(version.updateDate)} · ${version.fileName}`}
              />
              {current && <Chip label="Open" size="small" color="primary" variant="outlined" />}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
