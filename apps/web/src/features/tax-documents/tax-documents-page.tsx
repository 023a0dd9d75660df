import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { taxDocumentMessages as msg, type TaxDocumentRow } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { downloadExport } from '../../lib/download-export';
import { formatMoneyForUser } from '../../lib/money';
import { useDateFormatter } from '../preferences';
import { useTaxYear, useTaxYears } from './api';

/**
 * /tax-documents (issue 31 item 5): the 1099s the company received, one section per tax year
 * (newest first, the newest open), each document openable, a year's files as one zip.
 */
export function TaxDocumentsPage() {
  const years = useTaxYears();
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const newest = years.data?.years[0]?.year;
  const isOpen = (year: number) => open[year] ?? year === newest;

  return (
    <>
      <PageHeader title={msg.title} />
      {years.isPending && <CircularProgress aria-label="Loading tax documents" />}
      {years.data?.years.length === 0 && <Alert severity="info">{msg.none}</Alert>}
      {years.data?.years.map(({ year, count }) => (
        <Accordion
          key={year}
          expanded={isOpen(year)}
          onChange={(_e, expanded) => setOpen((o) => ({ ...o, [year]: expanded }))}
          disableGutters
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMore />}
            id={`tax-year-${year}`}
            aria-controls={`tax-year-${year}-documents`}
          >
            <Typography component="h2" variant="h6" sx={{ mr: 2 }}>
              {year}
            </Typography>
            <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
              {msg.documents(count)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`tax-year-${year}-documents`}>
            <TaxYear year={year} />
          </AccordionDetails>
        </Accordion>
      ))}
    </>
  );
}

function TaxYear({ year }: { year: number }) {
  const documents = useTaxYear(year, true);
  const snackbar = useSnackbar();
  const [zipping, setZipping] = useState(false);
  const rows = documents.data?.pages.flatMap((p) => p.rows) ?? [];

  const downloadYear = async () => {
    setZipping(true);
    try {
      await downloadExport(`/tax-documents/${year}/zip`, {});
    } catch (error) {
      snackbar.showError(errorMessage(error));
    } finally {
      setZipping(false);
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        startIcon={zipping ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
        disabled={zipping}
        onClick={() => void downloadYear()}
        sx={{ mb: 1 }}
      >
        {msg.downloadYear(year)}
      </Button>
      {documents.isPending && <CircularProgress size={24} aria-label={`Loading ${year}`} />}
      <List dense aria-label={`Tax documents ${year}`}>
        {rows.map((row) => (
          <TaxDocumentItem key={row.id} row={row} />
        ))}
      </List>
      {documents.hasNextPage && (
        <Button
          onClick={() => void documents.fetchNextPage()}
          disabled={documents.isFetchingNextPage}
        >
          Show more
        </Button>
      )}
    </Box>
  );
}

function TaxDocumentItem({ row }: { row: TaxDocumentRow }) {
  const dates = useDateFormatter();
  const title = [row.form ?? '1099', row.payer, row.amount ? formatMoneyForUser(row.amount) : null]
    .filter(Boolean)
    .join(' · ');
  const sent = row.sentAt ? `Sent ${dates.formatDate(row.sentAt)}` : null;
  return (
    <li>
      <ListItemButton component={RouterLink} to={`/documents/${row.id}`}>
        <ListItemText
          primary={title}
          secondary={[`#${row.id}`, sent, row.isRead ? null : 'Unread'].filter(Boolean).join(' · ')}
          slotProps={{ primary: { sx: { fontWeight: row.isRead ? 400 : 700 } } }}
        />
      </ListItemButton>
    </li>
  );
}
