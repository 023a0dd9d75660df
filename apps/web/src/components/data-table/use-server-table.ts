import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { toApiPageSize } from './page-sizes';

export type SortDirection = 'asc' | 'desc';

export interface ServerTableOptions<F extends string> {
  /** The fields the server sorts by; a click on any other column is ignored. */
  orderByFields: readonly F[];
  defaultSort: { field: F; direction: SortDirection };
  defaultPageSize?: number;
  /** Remembers search, paging and sort for this list for the browser session (spec 3 §2). */
  storageKey?: string;
  debounceMs?: number;
}

/** What a list sends the server: 1-based page, page size ('all' = 100000), sort and search. */
export interface ServerTableQuery<F extends string> {
  page: number;
  pageSize: number;
  orderBy: F;
  orderByDirection: SortDirection;
  query?: string;
}

interface Stored {
  search: string;
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
}

const storageName = (key: string) => `flowline.table.${key}`;

function readStored(key: string | undefined): Partial<Stored> {
  if (!key) return {};
  try {
    return JSON.parse(window.sessionStorage.getItem(storageName(key)) ?? '{}') as Partial<Stored>;
  } catch {
    return {};
  }
}

/** State of a server-paged, server-sorted list with a search box: feed it to <DataTable>. */
export function useServerTable<F extends string>(options: ServerTableOptions<F>) {
  const { orderByFields, defaultPageSize = 25, storageKey, debounceMs = 200 } = options;
  const { field: defaultField, direction: defaultDirection } = options.defaultSort;
  const [initial] = useState(() => readStored(storageKey));
  const [search, setSearchText] = useState(initial.search ?? '');
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>(
    initial.paginationModel ?? { page: 0, pageSize: defaultPageSize },
  );
  const [sortModel, setSortModelState] = useState<GridSortModel>(
    initial.sortModel ?? [{ field: defaultField, sort: defaultDirection }],
  );

  useEffect(() => {
    if (!storageKey) return;
    const stored: Stored = { search, paginationModel, sortModel };
    window.sessionStorage.setItem(storageName(storageKey), JSON.stringify(stored));
  }, [storageKey, search, paginationModel, sortModel]);

  // A new search or sort starts again at the first page.
  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPaginationModel((p) => ({ ...p, page: 0 }));
  }, []);
  const setSortModel = useCallback((model: GridSortModel) => {
    setSortModelState(model);
    setPaginationModel((p) => ({ ...p, page: 0 }));
  }, []);

  const debouncedSearch = useDebouncedValue(search.trim(), debounceMs);
  const [sort] = sortModel;
  const query = useMemo<ServerTableQuery<F>>(() => {
    const field = orderByFields.find((f) => f === sort?.field);
    return {
      page: paginationModel.page + 1,
      pageSize: toApiPageSize(paginationModel.pageSize),
      orderBy: field ?? defaultField,
      orderByDirection: field ? (sort?.sort === 'desc' ? 'desc' : 'asc') : defaultDirection,
      ...(debouncedSearch ? { query: debouncedSearch } : {}),
    };
  }, [orderByFields, sort, paginationModel, debouncedSearch, defaultField, defaultDirection]);

  return {
    search,
    setSearch,
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel,
    query,
  };
}

export type ServerTable<F extends string = string> = ReturnType<typeof useServerTable<F>>;
