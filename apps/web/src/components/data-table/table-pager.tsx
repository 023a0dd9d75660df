import TablePagination from '@mui/material/TablePagination';

const TABLE_PAGE_SIZES = [25, 50, 100];

export interface TablePagerProps {
  /** Rows the server holds for the list (not the rows of this page). */
  count: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Paging under a plain table whose rows the server pages; a new page size starts at page one. */
export function TablePager({
  count,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={TABLE_PAGE_SIZES}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onPageSizeChange(Number(event.target.value));
        onPageChange(0);
      }}
    />
  );
}
