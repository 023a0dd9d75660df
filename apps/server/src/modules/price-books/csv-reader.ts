import { PRICE_BOOK_LIMITS, priceBookMessages } from '@flowline/shared';
import { badRequest } from '../../errors';

export interface SheetRow {
  /** The row's number as a spreadsheet shows it (the header is 1). */
  line: number;
  cells: string[];
  /** Cells that held a formula (never evaluated): their column indexes. */
  formulaColumns?: number[];
}

/**
 * RFC 4180 CSV (quoted fields with commas, quotes and line breaks; CRLF or LF; a UTF-8 BOM) →
 * records numbered from 1. Stops with 400 past the row, column or cell limits, so a hostile file
 * costs at most one pass over its 5 MB.
 */
export function readCsv(text: string, limits = PRICE_BOOK_LIMITS): SheetRow[] {
  if (text.includes('\u0000')) throw badRequest(priceBookMessages.unreadable, 'file_unreadable');
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    if (cell.length > limits.maxCellLength) {
      throw badRequest(
        `Line ${rows.length + 1}: a cell can be at most ${limits.maxCellLength} characters`,
        'cell_too_long',
      );
    }
    cells.push(cell);
    cell = '';
    if (cells.length > limits.maxColumns) {
      throw badRequest(`A price book has at most ${limits.maxColumns} columns`, 'too_many_columns');
    }
  };
  const endRow = () => {
    endCell();
    rows.push({ line: rows.length + 1, cells });
    cells = [];
    // The header plus the data rows.
    if (rows.length > limits.maxRows + 1)
      throw badRequest(priceBookMessages.tooManyRows, 'too_many_rows');
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (quoted) throw badRequest(priceBookMessages.unreadable, 'file_unreadable');
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
