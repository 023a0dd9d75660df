import type { ResultColumn, ResultRow } from '@flowline/shared';
import type { ValueColumn } from './document-columns';

const NO_COLUMNS: ValueColumn<ResultRow>[] = [];
const cache = new WeakMap<readonly ResultColumn[], ValueColumn<ResultRow>[]>();

/** A result set's columns (values by position, spec 3 §3); one array per response, for the grid. */
export function resultSetColumns(
  columns: readonly ResultColumn[] | undefined,
): ValueColumn<ResultRow>[] {
  if (!columns) return NO_COLUMNS;
  let mapped = cache.get(columns);
  if (!mapped) {
    mapped = columns.map((c, index) => ({
      key: c.key,
      name: c.name,
      metadataTypeId: c.metadataType.id,
      value: (row: ResultRow) => row.values[index],
    }));
    cache.set(columns, mapped);
  }
  return mapped;
}
