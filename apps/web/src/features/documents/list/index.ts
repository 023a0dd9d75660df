export {
  documentCollapseOrder,
  documentPath,
  documentRowClassName,
  documentTableSx,
  useDocumentColumns,
  type DocumentGridRow,
  type ValueColumn,
} from './document-columns';
export { RouteStatusChip } from './route-status-chip';
export { documentListKeys } from './api';
export { BulkProgress } from './bulk-progress';
export { resultSetColumns } from './result-set-columns';
export { formatMetadataValue } from './format-value';
