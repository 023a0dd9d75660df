import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { routeStatusColour, routeStatusName, type DocumentDto } from '@flowline/shared';
import { useDocumentTitle } from '../../../components/use-document-title';

const chipColour = { blue: 'info', green: 'success', red: 'error' } as const;

/** Type name, Doc # and status chip, with the actions on the right. */
export function DocumentHeading({ doc, actions }: { doc: DocumentDto; actions: ReactNode }) {
  useDocumentTitle(`${doc.documentTypeName} ${doc.id}`);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', mb: 2 }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h1">{doc.documentTypeName}</Typography>
        <Typography variant="h2" component="p" color="text.secondary">
          Doc # {doc.id}
        </Typography>
        <Chip
          label={routeStatusName(doc.routeStatusId)}
          color={chipColour[routeStatusColour(doc.routeStatusId)]}
          size="small"
          aria-label={`Status: ${routeStatusName(doc.routeStatusId)}`}
        />
      </Stack>
      {actions}
    </Stack>
  );
}
