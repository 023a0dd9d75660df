export { DataTable, type DataTableProps } from './data-table';
export { SearchField } from './search-field';
export {
  useServerTable,
  type ServerTable,
  type ServerTableOptions,
  type ServerTableQuery,
  type SortDirection,
} from './use-server-table';
export { ALL_ROWS, ALL_ROWS_PAGE_SIZE, DEFAULT_PAGE_SIZES, toApiPageSize } from './page-sizes';
export { ActionsMenu, type ActionItem } from './actions-menu';
export { ConfirmDialog } from './confirm-dialog';
