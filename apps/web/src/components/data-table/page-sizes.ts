/**
 * Page sizes of server-paged lists (spec 3 §2, §9): 25, 50, 75, 100 and 'all'. The MIT DataGrid
 * refuses page sizes above 100, so 'all' is the grid's own "All" value (-1) on screen and is sent
 * to the server as 100000, the spec's value for 'all'.
 */
export const ALL_ROWS = -1;
export const ALL_ROWS_PAGE_SIZE = 100000;
export const DEFAULT_PAGE_SIZES: readonly number[] = [25, 50, 75, 100, ALL_ROWS];

/** The pageSize query value for a grid page size (sizes above 100, like 500, are sent as is). */
export function toApiPageSize(pageSize: number): number {
  return pageSize === ALL_ROWS ? ALL_ROWS_PAGE_SIZE : pageSize;
}

export function pageSizeOptions(sizes: readonly number[]) {
  return sizes.map((value) => (value === ALL_ROWS ? { value, label: 'All' } : value));
}
