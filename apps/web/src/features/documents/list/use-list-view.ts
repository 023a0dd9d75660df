import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  hasListFilters,
  zListColumns,
  zListFilters,
  type ListFilters,
  type ListView,
} from '@flowline/shared';

const VIEW = 'view';
const COLUMNS = 'columns';
const FILTERS = 'filters';
const NO_FILTERS: ListFilters = { fields: [] };

function parseColumns(text: string | null): string[] | undefined {
  if (!text) return undefined;
  const parsed = zListColumns.safeParse(text.split(','));
  return parsed.success ? parsed.data : undefined;
}

function parseFilters(text: string | null): ListFilters | undefined {
  if (!text) return undefined;
  try {
    const parsed = zListFilters.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The list's saved view, columns and filters (issue 30 item 6), held in the URL so a reload or a
 * shared link keeps them: `view` (a saved view's id), `columns` (keys, comma-separated) and
 * `filters` (JSON) — the last two only when they differ from the view (or there is no view).
 */
export function useListView(views: readonly ListView[] | undefined) {
  const [params, setParams] = useSearchParams();
  const viewParam = params.get(VIEW);
  const viewId = viewParam && /^\d{1,9}$/.test(viewParam) ? Number(viewParam) : null;
  const view = views?.find((v) => v.id === viewId);
  const urlColumns = parseColumns(params.get(COLUMNS));
  const urlFilters = parseFilters(params.get(FILTERS));
  const columns = urlColumns ?? view?.columns ?? undefined;
  const filters = urlFilters ?? view?.filters ?? NO_FILTERS;
  const changed = urlColumns !== undefined || urlFilters !== undefined;

  /** A saved view, or none (the type's usual list); the status and kind filters are left. */
  const select = useCallback(
    (next: ListView | null) =>
      setParams((p) => {
        for (const key of [COLUMNS, FILTERS, 'documentRouteStatusId', 'returnKind']) p.delete(key);
        if (next) p.set(VIEW, String(next.id));
        else p.delete(VIEW);
        return p;
      }),
    [setParams],
  );

  /** New columns and filters on top of the view in force. */
  const apply = useCallback(
    (nextColumns: string[] | undefined, nextFilters: ListFilters) =>
      setParams((p) => {
        if (nextColumns) p.set(COLUMNS, nextColumns.join(','));
        else p.delete(COLUMNS);
        // Over a view, no filters must still be said: else the view's own would come back.
        if (hasListFilters(nextFilters) || p.has(VIEW)) p.set(FILTERS, JSON.stringify(nextFilters));
        else p.delete(FILTERS);
        return p;
      }),
    [setParams],
  );

  const query = useMemo(
    () => ({
      ...(columns ? { columns: columns.join(',') } : {}),
      ...(hasListFilters(filters) ? { filters: JSON.stringify(filters) } : {}),
    }),
    [columns, filters],
  );

  return { viewId, view, columns, filters, changed, select, apply, query };
}
