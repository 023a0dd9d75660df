import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { columnsToCollapse, fitHeader, headerWidth } from './fit-columns';

const columns: GridColDef[] = [
  { field: 'icon', width: 48 },
  { field: 'name', minWidth: 130 },
  { field: 'phone', minWidth: 110 },
  { field: 'from', minWidth: 110 },
  { field: 'thru', minWidth: 110 },
  { field: 'status', minWidth: 170 },
];

describe('columnsToCollapse', () => {
  it('hides nothing when the columns fit, or before the grid is measured', () => {
    expect(columnsToCollapse(columns, {}, 1000)).toEqual([]);
    expect(columnsToCollapse(columns, {}, 0)).toEqual([]);
  });

  it('hides from the right, keeping the name and the last (status) column', () => {
    expect(columnsToCollapse(columns, {}, 500)).toEqual(['thru', 'from']);
    expect(columnsToCollapse(columns, {}, 320)).toEqual(['thru', 'from', 'phone', 'icon']);
  });

  it('follows the screen’s order, counts the checkbox and skips hidden columns', () => {
    expect(columnsToCollapse(columns, {}, 500, { collapseOrder: ['phone'] })).toEqual([
      'phone',
      'thru',
    ]);
    expect(columnsToCollapse(columns, { thru: false }, 510, { checkbox: true })).toEqual(['from']);
  });
});

describe('headers (issue 27 item 4)', () => {
  it('widen a column to its header’s longest word, which then wraps rather than cuts', () => {
    expect(headerWidth('Effective From')).toBe(headerWidth('Effective'));
    expect(headerWidth('Connections')).toBeGreaterThan(headerWidth('Name'));
    const narrow = fitHeader({ field: 'c', headerName: 'Connections', minWidth: 80 });
    expect(narrow.minWidth).toBe(headerWidth('Connections'));
    const fixed = fitHeader({ field: 'c', headerName: 'Connections', width: 60 });
    expect(fixed.width).toBe(headerWidth('Connections'));
    const wide: GridColDef = { field: 'n', headerName: 'Name', minWidth: 200 };
    expect(fitHeader(wide)).toBe(wide);
  });
});
