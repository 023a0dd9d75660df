import type { CellValue, Workbook } from 'exceljs';
import { PRICE_BOOK_LIMITS, priceBookMessages } from '@flowline/shared';
import { badRequest } from '../../errors';
import type { SheetRow } from './csv-reader';
import { assertNotZipBomb } from './zip-guard';

/** exceljs loads on first use (heavy modules stay out of the server's start). */
async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text; formulas are never evaluated (their cached result is not trusted either). */
function cellText(value: CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (value instanceof Date) {
    // Spreadsheet dates are calendar days stored as UTC midnight.
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return { text: day, formula: false };
  }
  if (typeof value === 'number') return { text: String(value), formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
  if ('richText' in value)
    return { text: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value && typeof value.text === 'string')
    return { text: value.text, formula: false };
  return { text: '', formula: false };
}

/** The first worksheet of an XLSX → rows numbered as the spreadsheet numbers them. */
export async function readXlsx(file: Buffer, limits = PRICE_BOOK_LIMITS): Promise<SheetRow[]> {
  assertNotZipBomb(file, limits);
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest(priceBookMessages.unreadable, 'file_unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(priceBookMessages.empty, 'file_empty');
  if (sheet.actualRowCount > limits.maxRows + 1) {
    throw badRequest(priceBookMessages.tooManyRows, 'too_many_rows');
  }
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    const formulaColumns: number[] = [];
    const count = Math.min(row.cellCount, limits.maxColumns + 1);
    for (let c = 1; c <= count; c++) {
      const { text, formula } = cellText(row.getCell(c).value);
      if (formula) formulaColumns.push(c - 1);
      cells.push(
        text.length > limits.maxCellLength ? text.slice(0, limits.maxCellLength + 1) : text,
      );
    }
    rows.push({ line, cells, ...(formulaColumns.length > 0 ? { formulaColumns } : {}) });
  });
  return rows;
}
