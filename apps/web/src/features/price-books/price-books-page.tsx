import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  canChangeData,
  type PriceBook,
  type PriceBookVersion,
  type PriceBookVersionStatus,
} from '@flowline/shared';
import { SearchField } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { TablePager } from '../../components/data-table/table-pager';
import { errorMessage } from '../../lib/api-error';
import { formatMoneyForUser } from '../../lib/money';
import { useSession } from '../session/use-session';
import { downloadFile, usePriceBookItems, usePriceBooks, usePriceBookVersions } from './api';
import { ImportPriceBookDialog } from './import-dialog';

const statusChip: Record<
  PriceBookVersionStatus,
  { label: string; color: 'success' | 'info' | 'default' }
> = {
  current: { label: 'Current', color: 'success' },
  scheduled: { label: 'Scheduled', color: 'info' },
  past: { label: 'Past', color: 'default' },
};

const period = (v: Pick<PriceBookVersion, 'effectiveFrom' | 'effectiveTo'>) =>
  `${v.effectiveFrom} – ${v.effectiveTo ?? 'open'}`;
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function VersionItems({ version }: { version: PriceBookVersion }) {
  const [pageSize, setPageSize] = useState(25);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  // A new search starts at the first page.
  const [paging, setPaging] = useState({ query: '', page: 0 });
  const page = paging.query === query ? paging.page : 0;
  const setPage = (next: number) => setPaging({ query, page: next });
  const items = usePriceBookItems(version.id, page + 1, pageSize, query);
  const snackbar = useSnackbar();

  const exportAs = (format: 'csv' | 'xlsx') =>
    downloadFile(
      `/pricebooks/versions/${version.id}/export?format=${format}`,
      `price-book-v${version.versionNumber}.${format}`,
    ).catch((error: unknown) => snackbar.showError(errorMessage(error)));

  return (
    <Box
      component="section"
      aria-label={`Items of version ${version.versionNumber}`}
      sx={{ mt: 3 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1, alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          Version {version.versionNumber} items
        </Typography>
        <Button size="small" onClick={() => void exportAs('csv')}>
          Export CSV
        </Button>
        <Button size="small" onClick={() => void exportAs('xlsx')}>
          Export XLSX
        </Button>
      </Stack>
      <SearchField value={search} onChange={setSearch} label="Search code or description" />
      {items.isError && <Alert severity="error">{errorMessage(items.error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Price book items">
          <TableHead>
            <TableRow>
              <TableCell>Item Code</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>UOM</TableCell>
              <TableCell align="right">Unit Price</TableCell>
              <TableCell sx={hideOnPhone}>Tiers</TableCell>
              <TableCell sx={hideOnPhone}>Effective</TableCell>
              <TableCell sx={hideOnPhone}>Contract</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.data?.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{item.itemCode}</TableCell>
                <TableCell>{item.description}</TableCell>
                <TableCell>{item.uom}</TableCell>
                <TableCell align="right">{formatMoneyForUser(item.unitPrice)}</TableCell>
                <TableCell sx={hideOnPhone}>
                  {item.tiers
                    .map((t) => `${t.minQuantity}+ @ ${formatMoneyForUser(t.unitPrice)}`)
                    .join(', ')}
                </TableCell>
                <TableCell sx={hideOnPhone}>
                  {item.effectiveFrom || item.effectiveTo
                    ? `${item.effectiveFrom ?? '…'} – ${item.effectiveTo ?? '…'}`
                    : ''}
                </TableCell>
                <TableCell sx={hideOnPhone}>{item.contractNumber ?? ''}</TableCell>
              </TableRow>
            ))}
            {items.data && items.data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>No items</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <TablePager
          count={items.data?.totalRecords ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      </TableContainer>
    </Box>
  );
}

function BookVersions({ book }: { book: PriceBook }) {
  const versions = usePriceBookVersions(book.id);
  const [selected, setSelected] = useState<number | null>(null);
  const shown =
    versions.data?.find((v) => v.id === selected) ??
    versions.data?.find((v) => v.status === 'current') ??
    versions.data?.[0];

  return (
    <Box component="section" aria-label={`Versions for ${book.counterpartyName}`} sx={{ mt: 3 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        Versions — {book.direction === 'published' ? 'published to' : 'received from'}{' '}
        {book.counterpartyName}
      </Typography>
      {versions.isError && <Alert severity="error">{errorMessage(versions.error)}</Alert>}
      {versions.isPending ? (
        <CircularProgress aria-label="Loading versions" />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Price book versions">
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Effective</TableCell>
                <TableCell align="right">Items</TableCell>
                <TableCell sx={hideOnPhone}>File</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.data?.map((v) => (
                <TableRow key={v.id} selected={v.id === shown?.id}>
                  <TableCell>{v.versionNumber}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" {...statusChip[v.status]} />
                  </TableCell>
                  <TableCell>{period(v)}</TableCell>
                  <TableCell align="right">{v.itemCount}</TableCell>
                  <TableCell sx={hideOnPhone}>{v.fileName}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setSelected(v.id)}
                      aria-label={`Show items of version ${v.versionNumber}`}
                    >
                      Items
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shown && <VersionItems key={shown.id} version={shown} />}
    </Box>
  );
}

/**
 * Administration → Price Books (issue 32 item 1; docs/price-books.md): the books the company
 * publishes to its connections and the ones published to it, their versions and items. Every
 * member reads them; members who change data import new versions.
 */
export function PriceBooksPage() {
  const { user } = useSession();
  const mayImport = canChangeData({ roles: user.roles, userType: user.userType });
  const books = usePriceBooks();
  const [importing, setImporting] = useState(false);
  const [importKey, setImportKey] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const book = books.data?.find((b) => b.id === selected) ?? null;

  return (
    <>
      <PageHeader
        title="Price Books"
        actions={
          mayImport ? (
            <Button
              variant="contained"
              onClick={() => {
                setImportKey((k) => k + 1);
                setImporting(true);
              }}
            >
              Import price book
            </Button>
          ) : undefined
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Prices you publish to a connected company, and the ones your connections publish to you.
        Each import is a new version; the version in force on a service date prices that day's work.
      </Typography>
      {books.isError && <Alert severity="error">{errorMessage(books.error)}</Alert>}
      {books.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : books.data?.length === 0 ? (
        <Typography>There are no price books yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Price books">
            <TableHead>
              <TableRow>
                <TableCell>Connection</TableCell>
                <TableCell>Direction</TableCell>
                <TableCell sx={hideOnPhone}>Current version</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  Versions
                </TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {books.data?.map((b) => (
                <TableRow key={b.id} selected={b.id === selected}>
                  <TableCell>{b.counterpartyName}</TableCell>
                  <TableCell>{b.direction === 'published' ? 'Published' : 'Received'}</TableCell>
                  <TableCell sx={hideOnPhone}>
                    {b.currentVersion
                      ? `v${b.currentVersion.versionNumber} · ${period(b.currentVersion)}`
                      : 'None in force'}
                  </TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {b.versionCount}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setSelected(b.id)}
                      aria-label={`Versions of the price book for ${b.counterpartyName}`}
                    >
                      Versions
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {book && <BookVersions key={book.id} book={book} />}
      <ImportPriceBookDialog
        key={importKey}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(result) => setSelected(result.priceBook.id)}
      />
    </>
  );
}
