import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridRowClassNameParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { ALL_ROWS, DEFAULT_PAGE_SIZES, pageSizeOptions } from './page-sizes';
import type { ServerTable } from './use-server-table';

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
  /** Columns that start hidden (field → false); users can show them from the column menu. */
  hiddenColumns?: Record<string, boolean>;
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
  hiddenColumns,
  sx,
}: DataTableProps<R>) {
  // Pages of up to 100 rows are rendered whole (every cell in the DOM, for find-in-page and tests);
  // 'All' may be thousands of rows, so it gets a fixed height and virtual scrolling instead.
  const showsAll = table.paginationModel.pageSize === ALL_ROWS;
  const grid = (
    <DataGrid<R>
      aria-label={label}
      rows={rows ?? []}
      rowCount={rowCount ?? 0}
      columns={columns}
      initialState={
        hiddenColumns ? { columns: { columnVisibilityModel: hiddenColumns } } : undefined
      }
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={table.paginationModel}
      onPaginationModelChange={table.setPaginationModel}
      sortModel={table.sortModel}
      onSortModelChange={table.setSortModel}
      sortingOrder={['asc', 'desc']}
      pageSizeOptions={pageSizeOptions(pageSizes)}
      disableVirtualization={!showsAll}
      autoHeight={!showsAll}
      disableColumnFilter
      disableRowSelectionOnClick
      getRowClassName={getRowClassName}
      checkboxSelection={!!isRowSelectable}
      isRowSelectable={isRowSelectable ? ({ row }) => isRowSelectable(row) : undefined}
      onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
      sx={[
        { backgroundColor: 'background.paper' },
        onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
  return showsAll ? <Box sx={{ height: '70vh', minHeight: 400 }}>{grid}</Box> : grid;
}
