import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type ExcelJS from 'exceljs';
import {
  escapeSpreadsheetCell,
  formatDate,
  formatDateTime,
  formatMoney,
  type DateFormat,
  type ExportFormat,
} from '@flowline/shared';

/**
 * The one list exporter (issue 30 item 5, docs/list-exports.md): any list hands over its columns
 * and its rows page by page (keyset-paged reads); this writes them as CSV (csv-stringify) or XLSX
 * (exceljs's streaming WorkbookWriter) into a stream the reply sends. It waits whenever the
 * client is slower than the database, so memory holds one page whatever the list's size.
 */

export type ExportColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime';

export interface ExportColumn {
  name: string;
  kind: ExportColumnKind;
}

export type ExportValue = string | number | null;

export interface ExportSource {
  columns: ExportColumn[];
  /** Pages of rows, one value per column, canonical text (ISO dates, plain decimals). */
  pages: AsyncIterable<ExportValue[][]>;
}

export interface ExportOptions {
  format: ExportFormat;
  /** The user's date format (preferences); money is shown as the screens show it. */
  dateFormat: DateFormat;
  sheetName?: string;
}

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Excel's number format for the user's date format. */
export function excelDateFormat(format: DateFormat): string {
  return format.replace('MM', 'mm');
}

const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toNumber(value: ExportValue): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
}

/** A calendar day stays that day in the sheet (Excel dates have no time zone). */
function toSheetDate(value: ExportValue): Date | null {
  if (value === null || value === '') return null;
  const text = String(value).trim();
  const day = DATE_ONLY.exec(text);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function csvValue(column: ExportColumn, value: ExportValue, dateFormat: DateFormat): string {
  if (value === null) return '';
  switch (column.kind) {
    case 'money':
      return formatMoney(typeof value === 'number' ? value : String(value));
    case 'date':
      return formatDate(String(value), dateFormat) || String(value);
    case 'datetime':
      return formatDateTime(String(value), dateFormat) || String(value);
    case 'number':
      return String(value);
    default:
      // Text comes from other companies (an invoice number '=HYPERLINK(…)'): never a formula
      // when the CSV is opened in a spreadsheet. XLSX cells are typed strings, safe as they are.
      return escapeSpreadsheetCell(String(value));
  }
}

function sheetValue(column: ExportColumn, value: ExportValue): ExcelJS.CellValue {
  if (value === null) return null;
  switch (column.kind) {
    case 'money':
    case 'number':
      return toNumber(value) ?? String(value);
    case 'date':
    case 'datetime':
      return toSheetDate(value) ?? String(value);
    default:
      return String(value);
  }
}

async function pumpCsv(source: ExportSource, opts: ExportOptions, out: PassThrough) {
  const csv = stringify({ bom: true });
  csv.pipe(out);
  // csv-stringify's own buffer fills first; its 'drain' follows the pipe's pressure from `out`.
  const put = async (record: string[]) => {
    if (!csv.write(record)) await once(csv, 'drain');
  };
  await put(source.columns.map((c) => c.name));
  for await (const page of source.pages) {
    for (const row of page) {
      await put(source.columns.map((c, i) => csvValue(c, row[i] ?? null, opts.dateFormat)));
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  csv.end();
  await once(csv, 'end');
}

async function pumpXlsx(source: ExportSource, opts: ExportOptions, out: PassThrough) {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(opts.sheetName?.slice(0, 31) || 'Export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const dateFmt = excelDateFormat(opts.dateFormat);
  sheet.columns = source.columns.map((c, i) => ({
    header: c.name,
    key: `c${i}`,
    width: c.kind === 'text' ? 24 : c.kind === 'datetime' ? 22 : 14,
    style:
      c.kind === 'money'
        ? { numFmt: MONEY_FORMAT }
        : c.kind === 'date'
          ? { numFmt: dateFmt }
          : c.kind === 'datetime'
            ? { numFmt: `${dateFmt} hh:mm:ss AM/PM` }
            : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of source.pages) {
    for (const row of page) {
      sheet.addRow(source.columns.map((c, i) => sheetValue(c, row[i] ?? null))).commit();
    }
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** The export as a stream; a failure while reading ends it with the error (the reply aborts). */
export function exportStream(source: ExportSource, opts: ExportOptions): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const pump = opts.format === 'csv' ? pumpCsv : pumpXlsx;
  pump(source, opts, out).then(
    () => {
      if (!out.writableEnded) out.end();
    },
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
