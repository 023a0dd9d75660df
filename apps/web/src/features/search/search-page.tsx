import { useNavigate, useSearchParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SEARCH_RESULT_PAGE_SIZES, type ResultRow } from '@flowline/shared';
import type { GridSortModel } from '@mui/x-data-grid';
import { DataTable, useServerTable } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import {
  documentPath,
  documentCollapseOrder,
  documentRowClassName,
  documentTableSx,
  resultSetColumns,
  useDocumentColumns,
} from '../documents/list';
import { useSearchResults } from './api';

const NO_SORT: GridSortModel = [];
/** /search?q= (spec 3 §2 Search result): a server-paged table, 25/50/75/100/500 (default 25). */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // A new query starts again at page 1 with the default size.
  return <SearchResults key={q} q={q} />;
}

function SearchResults({ q }: { q: string }) {
  const navigate = useNavigate();
  const table = useServerTable({
    orderByFields: ['id'],
    defaultSort: { field: 'id', direction: 'desc' },
    defaultPageSize: 25,
  });
  const { page, pageSize } = table.query;
  const results = useSearchResults({ querySearchTerm: q, page, pageSize });
  // The search call takes no sort: the server orders by relevance.
  const columns = useDocumentColumns(resultSetColumns(results.data?.columns), {
    sortable: false,
    showStatus: true,
  });

  return (
    <>
      <PageHeader
        title={`Search Result for ${q}`}
        actions={
          q === '' ? undefined : (
            <ExportMenu path="/exports/search" query={{ querySearchTerm: q }} />
          )
        }
      />
      {q === '' ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>
            Type what you are looking for in the search box at the top: a document number, a
            connection, an amount or any word of a document.
          </Typography>
        </Paper>
      ) : (
        <DataTable<ResultRow>
          label={`Search Result for ${q}`}
          columns={columns}
          rows={results.data?.rows}
          rowCount={results.data?.totalRecords}
          loading={results.isFetching}
          // Not sortable: no sort arrow on Doc #.
          table={{ ...table, sortModel: NO_SORT }}
          pageSizes={SEARCH_RESULT_PAGE_SIZES}
          onRowClick={(row) => void navigate(documentPath(row.id))}
          getRowClassName={documentRowClassName}
          collapseOrder={documentCollapseOrder}
          noRowsLabel={`No documents match "${q}".`}
          sx={documentTableSx}
        />
      )}
    </>
  );
}
