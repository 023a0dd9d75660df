import {
  PRICE_BOOK_LIMITS,
  priceBookColumns,
  priceBookMessages as msg,
  validatePriceBookRows,
  type PriceBookColumnKey,
  type PriceBookItemInput,
  type PriceBookRowError,
} from '@flowline/shared';
import { badRequest } from '../../errors';
import type { SheetRow } from './csv-reader';

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');
const byHeader = new Map(priceBookColumns.map((c) => [normalise(c.header), c]));

/**
 * The header row names the columns (any order, case-insensitive); an unknown or missing required
 * column refuses the whole file. Each data row is then validated by the shared rule; blank rows
 * are skipped, cells over the length limit and formulas make their row bad.
 */
export function itemsOfSheet(rows: SheetRow[]): {
  items: Array<PriceBookItemInput & { line: number }>;
  errors: PriceBookRowError[];
} {
  const header = rows.find((r) => r.cells.some((c) => c.trim() !== ''));
  if (!header) throw badRequest(msg.empty, 'file_empty');
  const keys: Array<PriceBookColumnKey | null> = header.cells.map((cell) => {
    if (cell.trim() === '') return null;
    const column = byHeader.get(normalise(cell));
    if (!column) throw badRequest(msg.unknownColumn(cell.trim().slice(0, 60)), 'unknown_column');
    return column.key;
  });
  for (const column of priceBookColumns) {
    if (column.required && !keys.includes(column.key)) {
      throw badRequest(msg.missingColumn(column.header), 'missing_column');
    }
  }

  const data: Array<{ line: number; cells: Partial<Record<PriceBookColumnKey, string>> }> = [];
  const early: PriceBookRowError[] = [];
  for (const row of rows) {
    if (row.line <= header.line || row.cells.every((c) => c.trim() === '')) continue;
    const problems: string[] = [];
    const cells: Partial<Record<PriceBookColumnKey, string>> = {};
    row.cells.forEach((value, index) => {
      const key = keys[index];
      if (!key) {
        if (value.trim() !== '') problems.push(`Column ${index + 1} has no header`);
        return;
      }
      const header = priceBookColumns.find((c) => c.key === key)!.header;
      if (row.formulaColumns?.includes(index)) {
        problems.push(`${header} is a formula; formulas are not evaluated — paste the values`);
      } else if (value.length > PRICE_BOOK_LIMITS.maxCellLength) {
        problems.push(`${header} is too long`);
      } else cells[key] = value;
    });
    if (problems.length > 0) early.push({ line: row.line, reason: problems.join('; ') });
    else data.push({ line: row.line, cells });
  }
  const { items, errors } = validatePriceBookRows(data);
  const all = [...early, ...errors].sort((a, b) => a.line - b.line);
  if (items.length === 0 && all.length === 0) throw badRequest(msg.empty, 'file_empty');
  return { items, errors: all };
}
