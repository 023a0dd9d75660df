import { useEffect, useState, type RefObject } from 'react';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** What a column needs at least: its fixed width, else its minWidth, else the grid's default. */
const needs = (c: GridColDef) => c.width ?? c.minWidth ?? 100;
const CHECKBOX_WIDTH = 50;

/**
 * The columns to hide so the rest fit `width` without a sideways scroll (issue 11): the name
 * (first text column) and the last column (status and actions) always stay; the others go from
 * right to left — or in `collapseOrder` when the screen says which matter least.
 */
export function columnsToCollapse<R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  hidden: Record<string, boolean>,
  width: number,
  opts: { checkbox?: boolean; collapseOrder?: readonly string[] } = {},
): string[] {
  if (width <= 0) return [];
  const shown = columns.filter((c) => hidden[c.field] !== false);
  let total = shown.reduce((sum, c) => sum + needs(c), opts.checkbox ? CHECKBOX_WIDTH : 0);
  if (total <= width) return [];
  const last = shown.at(-1)?.field;
  const first = cardField(shown);
  const keep = new Set([first, last]);
  const byDefault = shown
    .map((c) => c.field)
    .filter((f) => !keep.has(f))
    .reverse();
  const order = [
    ...(opts.collapseOrder ?? []).filter((f) => byDefault.includes(f)),
    ...byDefault.filter((f) => !opts.collapseOrder?.includes(f)),
  ];
  const collapsed: string[] = [];
  for (const field of order) {
    if (total <= width) break;
    const column = shown.find((c) => c.field === field);
    if (!column) continue;
    collapsed.push(field);
    total -= needs(column);
  }
  return collapsed;
}

/**
 * The column that always stays and, on a narrow screen, carries the collapsed columns' values as
 * a second line (a two-line card, issue 27 item 2): the first text column (name, Doc #).
 */
export function cardField<R extends GridValidRowModel>(shown: GridColDef<R>[]): string | undefined {
  return shown.find((c) => c.field !== 'icon' && needs(c) > 60)?.field;
}

/** Average advance of a header character (0.875 rem, medium weight) and what surrounds the title. */
const HEADER_CHAR_PX = 8.5;
const HEADER_CHROME_PX = 52;

/**
 * What a column needs so its header never cuts a word (issue 27 item 4): headers wrap onto two
 * lines, so the longest word must fit beside the padding and the sort and menu buttons.
 */
export function headerWidth(headerName: string | undefined): number {
  const longest = Math.max(0, ...(headerName ?? '').split(/\s+/).map((w) => w.length));
  return Math.ceil(longest * HEADER_CHAR_PX + HEADER_CHROME_PX);
}

/** The column widened, where needed, to its header's longest word. */
export function fitHeader<R extends GridValidRowModel>(column: GridColDef<R>): GridColDef<R> {
  if (column.renderHeader) return column;
  const header = headerWidth(column.headerName ?? column.field);
  if (column.width !== undefined) {
    return column.width >= header ? column : { ...column, width: header };
  }
  return (column.minWidth ?? 100) >= header ? column : { ...column, minWidth: header };
}

/** The element's content width, followed as it changes (0 until measured). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
