import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** A page whose real content arrives with a later issue, already inside the real shell and route. */
export function PlaceholderPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Chip label="Coming soon" color="secondary" size="small" sx={{ mb: 1.5 }} />
        <Typography>{description}</Typography>
        {children}
      </Paper>
    </>
  );
}
