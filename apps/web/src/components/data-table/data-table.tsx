import { Fragment, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRenderCellParams,
  type GridRowClassNameParams,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { ALL_ROWS, DEFAULT_PAGE_SIZES, pageSizeOptions } from './page-sizes';
import type { ServerTable } from './use-server-table';
import { cardField, columnsToCollapse, fitHeader, useElementWidth } from './fit-columns';
import { visuallyHidden } from '../visually-hidden';

export interface DataTableProps<R extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  columns: GridColDef<R>[];
  rows: R[] | undefined;
  rowCount: number | undefined;
  loading: boolean;
  /** Paging and sorting state from useServerTable. */
  table: Pick<ServerTable, 'paginationModel' | 'setPaginationModel' | 'sortModel' | 'setSortModel'>;
  pageSizes?: readonly number[];
  onRowClick?: (row: R) => void;
  getRowClassName?: (params: GridRowClassNameParams<R>) => string;
  /** Checkbox selection of the rows for which isRowSelectable is true. */
  isRowSelectable?: (row: R) => boolean;
  /** The selected rows, when the screen acts on them. */
  rowSelectionModel?: GridRowSelectionModel;
  onRowSelectionModelChange?: (model: GridRowSelectionModel) => void;
  /** Columns that start hidden (field → false); users can show them from the column menu. */
  hiddenColumns?: Record<string, boolean>;
  /** Fields to hide first when the columns do not fit (else right to left, name and last kept). */
  collapseOrder?: readonly string[];
  /** What the grid says when there are no rows. */
  noRowsLabel?: string;
  sx?: SxProps<Theme>;
}

/**
 * MUI X DataGrid with server-side paging and sorting, the spec's page sizes ('All' included) and
 * clickable rows. Screens keep their own columns; the server does all the sorting and slicing.
 */
export function DataTable<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowCount,
  loading,
  table,
  pageSizes = DEFAULT_PAGE_SIZES,
  onRowClick,
  getRowClassName,
  isRowSelectable,
  rowSelectionModel,
  onRowSelectionModelChange,
  hiddenColumns,
  collapseOrder,
  noRowsLabel,
  sx,
}: DataTableProps<R>) {
  const box = useRef<HTMLDivElement>(null);
  // The grid's 2 px border is not room for columns.
  const width = useElementWidth(box) - 2;
  const [userColumns, setUserColumns] = useState<GridColumnVisibilityModel>(hiddenColumns ?? {});
  // Issue 27 item 4: every column is at least as wide as its header's longest word.
  const fitted = columns.map(fitHeader);
  // Issue 11: a list fits its page — columns that matter least collapse instead of scrolling away.
  const collapsed = columnsToCollapse(fitted, userColumns, width, {
    checkbox: !!isRowSelectable,
    ...(collapseOrder ? { collapseOrder } : {}),
  });
  // Issue 27 item 2: what collapsed still shows, under the first column, as a two-line card. The
  // fields go as one string so the compiler's memo keeps the columns while nothing changes.
  const shownColumns = withCard(fitted, userColumns, collapsed.join(','));
  const columnVisibilityModel = {
    ...userColumns,
    ...Object.fromEntries(collapsed.map((field) => [field, false])),
  };
  // Pages of up to 100 rows are rendered whole (every cell in the DOM, for find-in-page and tests);
  // 'All' may be thousands of rows, so it gets a fixed height and virtual scrolling instead.
  const showsAll = table.paginationModel.pageSize === ALL_ROWS;
  // The MIT grid refuses page sizes above 100 (search results offer 500): the grid then shows the
  // server's page as 'all rows' and the footer's pagination is driven from the table state instead.
  const large = pageSizes.some((size) => size > 100);
  const gridPagination =
    table.paginationModel.pageSize > 100 ? { page: 0, pageSize: ALL_ROWS } : table.paginationModel;
  const grid = (
    <DataGrid<R>
      aria-label={label}
      rows={rows ?? []}
      rowCount={rowCount ?? 0}
      columns={shownColumns}
      columnVisibilityModel={columnVisibilityModel}
      onColumnVisibilityModelChange={setUserColumns}
      // Cells may wrap (status badges, long names) rather than be cut off; rows keep their height.
      getRowHeight={() => 'auto'}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={gridPagination}
      onPaginationModelChange={(model) => {
        if (!large || table.paginationModel.pageSize <= 100) table.setPaginationModel(model);
      }}
      sortModel={table.sortModel}
      onSortModelChange={table.setSortModel}
      sortingOrder={['asc', 'desc']}
      pageSizeOptions={pageSizeOptions(large ? [...pageSizes, ALL_ROWS] : pageSizes)}
      slotProps={
        large
          ? {
              basePagination: {
                count: rowCount ?? 0,
                page: table.paginationModel.page,
                rowsPerPage: table.paginationModel.pageSize,
                rowsPerPageOptions: pageSizeOptions(pageSizes),
                onPageChange: (_event, page) =>
                  table.setPaginationModel({ ...table.paginationModel, page }),
                onRowsPerPageChange: (pageSize) => table.setPaginationModel({ page: 0, pageSize }),
              },
            }
          : undefined
      }
      localeText={noRowsLabel ? { noRowsLabel } : undefined}
      disableVirtualization={!showsAll}
      autoHeight={!showsAll}
      disableColumnFilter
      disableRowSelectionOnClick
      getRowClassName={getRowClassName}
      checkboxSelection={!!isRowSelectable}
      isRowSelectable={isRowSelectable ? ({ row }) => isRowSelectable(row) : undefined}
      {...(rowSelectionModel ? { rowSelectionModel } : {})}
      {...(onRowSelectionModelChange ? { onRowSelectionModelChange } : {})}
      onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
      // Enter on a focused cell opens the row like a click (keyboard users, spec 3 §2 row click).
      onCellKeyDown={
        onRowClick
          ? ({ row, field }, event) => {
              if (event.key !== 'Enter' || field === '__check__') return;
              event.defaultMuiPrevented = true;
              onRowClick(row);
            }
          : undefined
      }
      sx={[
        {
          backgroundColor: 'background.paper',
          '& .MuiDataGrid-row': { minHeight: '52px !important' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
          // Headers wrap onto two lines rather than cut a word ('Connectio…'), issue 27 item 4.
          '& .MuiDataGrid-columnHeaderTitle': {
            whiteSpace: 'normal',
            lineHeight: 1.25,
            overflowWrap: 'normal',
            textOverflow: 'clip',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          },
        },
        onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
  return (
    <Box ref={box} sx={{ width: '100%', minWidth: 0 }}>
      {showsAll ? <Box sx={{ height: '70vh', minHeight: 400 }}>{grid}</Box> : grid}
    </Box>
  );
}

/**
 * The columns with, when some collapsed, the card column (fit-columns `cardField`) stretched to
 * the free width and showing the collapsed columns' values: the first after its own content, the
 * others on a second line, each after its header. Columns drawn only by `renderCell` (chips,
 * icons, actions) have no text to repeat and are left out.
 */
function withCard<R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  hidden: GridColumnVisibilityModel,
  collapsedFields: string,
): GridColDef<R>[] {
  if (!collapsedFields) return columns;
  const collapsed = collapsedFields.split(',');
  const card = cardField(columns.filter((c) => hidden[c.field] !== false));
  const extra = columns.filter(
    (c) => collapsed.includes(c.field) && (!c.renderCell || c.valueGetter),
  );
  if (!card || extra.length === 0) return columns;
  return columns.map((column) => {
    if (column.field !== card) return column;
    const own = (params: GridRenderCellParams<R>) =>
      column.renderCell ? column.renderCell(params) : params.formattedValue;
    return {
      ...column,
      width: undefined,
      flex: 1,
      minWidth: column.width ?? column.minWidth ?? 100,
      renderCell: (params: GridRenderCellParams<R>) => {
        const values = extra
          .map((c) => ({ c, value: params.api.getRowFormattedValue(params.row, c) as unknown }))
          .filter(({ value }) => value !== null && value !== undefined && value !== '');
        const [head, ...rest] = values;
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, py: 0.5 }}>
            <Box sx={{ overflowWrap: 'anywhere' }}>
              {own(params)}
              {head && (
                <>
                  {' · '}
                  <Box component="span" sx={visuallyHidden}>
                    {head.c.headerName ?? head.c.field}:{' '}
                  </Box>
                  {String(head.value)}
                </>
              )}
            </Box>
            {rest.length > 0 && (
              <Box
                data-testid="card-details"
                sx={{ typography: 'body2', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
              >
                {rest.map(({ c, value }, i) => (
                  <Fragment key={c.field}>
                    {i > 0 && ' · '}
                    {/* One unit per value: a line breaks between values, inside one only when it must. */}
                    <Box component="span" sx={{ display: 'inline-block', maxWidth: '100%' }}>
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {c.headerName ?? c.field}
                      </Box>{' '}
                      {String(value)}
                    </Box>
                  </Fragment>
                ))}
              </Box>
            )}
          </Box>
        );
      },
    };
  });
}
