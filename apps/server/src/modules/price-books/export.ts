import { stringify } from 'csv-stringify/sync';
import {
  escapeSpreadsheetCell,
  priceBookColumns,
  priceBookTemplateRows,
  type PriceBookItem,
} from '@flowline/shared';

/** Exports and the template (issue 32 item 1): the import's own columns, cells escaped. */

export type SheetFormat = 'csv' | 'xlsx';

export const contentTypes: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const headers = priceBookColumns.map((c) => c.header);

function rowOf(item: PriceBookItem): string[] {
  const tiers = [0, 1, 2].flatMap((i) => [
    item.tiers[i]?.minQuantity ?? '',
    item.tiers[i]?.unitPrice ?? '',
  ]);
  return [
    item.itemCode,
    item.description,
    item.uom,
    item.unitPrice,
    ...tiers,
    item.effectiveFrom ?? '',
    item.effectiveTo ?? '',
    item.contractNumber ?? '',
  ];
}

async function toSheet(rows: string[][], format: SheetFormat): Promise<Buffer> {
  // Every cell is written as text (never a formula) and escaped for spreadsheets that open CSV.
  const escaped = rows.map((row) => row.map(escapeSpreadsheetCell));
  if (format === 'csv') return Buffer.from(`\uFEFF${stringify([headers, ...escaped])}`, 'utf8');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Price book');
  sheet.addRow(headers).font = { bold: true };
  for (const row of escaped) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const priceBookTemplate = (format: SheetFormat) => toSheet(priceBookTemplateRows, format);

export const exportItems = (items: PriceBookItem[], format: SheetFormat) =>
  toSheet(items.map(rowOf), format);
