import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
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
 * and its rows page by page (keyset pages or a cursor's batches); this writes them as CSV (lines
 * built here, quoted as csv-stringify quotes, written in 64 KB chunks) or XLSX (exceljs's
 * streaming WorkbookWriter) into a stream the reply sends. It waits whenever the client is slower
 * than the database, so memory holds about one page whatever the list's size.
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

/**
 * One CSV field as csv-stringify writes it by default: quoted when it holds a comma, a quote or a
 * line break, quotes doubled.
 */
export function csvField(value: string): string {
  if (value === '') return value;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // , " \n \r
    if (c === 44 || c === 34 || c === 10 || c === 13) return `"${value.replaceAll('"', '""')}"`;
  }
  return value;
}

const UTF8_BOM = '\ufeff';
/** Lines gathered before a write: few, large chunks rather than one per row. */
const CSV_CHUNK_CHARS = 64 * 1024;

/**
 * A column's CSV text. Dates repeat across rows (an invoice date, a day's documents), so each
 * export formats a distinct date once (bounded cache).
 */
function csvCell(column: ExportColumn, dateFormat: DateFormat): (value: ExportValue) => string {
  const formatOnce = (format: (text: string) => string) => {
    const seen = new Map<string, string>();
    return (value: ExportValue) => {
      const text = String(value);
      let out = seen.get(text);
      if (out === undefined) {
        out = csvField(format(text));
        if (seen.size >= 10_000) seen.clear();
        seen.set(text, out);
      }
      return out;
    };
  };
  switch (column.kind) {
    case 'date':
      return formatOnce((text) => formatDate(text, dateFormat) || text);
    case 'datetime':
      return formatOnce((text) => formatDateTime(text, dateFormat) || text);
    default:
      return (value) => csvField(csvValue(column, value, dateFormat));
  }
}

async function pumpCsv(source: ExportSource, opts: ExportOptions, out: PassThrough) {
  const cells = source.columns.map((c) => csvCell(c, opts.dateFormat));
  const last = cells.length - 1;
  let chunk = UTF8_BOM + source.columns.map((c) => csvField(c.name)).join(',') + '\n';
  // Waits whenever the reply's buffer is full (a client slower than the database).
  const flush = async () => {
    const full = !out.write(chunk);
    chunk = '';
    if (full) await once(out, 'drain');
  };
  for await (const page of source.pages) {
    for (const row of page) {
      let line = '';
      for (let i = 0; i <= last; i++) {
        const value = row[i] ?? null;
        if (value !== null) line += cells[i]!(value);
        line += i === last ? '\n' : ',';
      }
      chunk += line;
      if (chunk.length >= CSV_CHUNK_CHARS) await flush();
    }
  }
  if (chunk.length > 0) await flush();
}

const XLSX_DRAIN_ROWS = 500;

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
    for (let r = 0; r < page.length; r++) {
      const row = page[r]!;
      sheet.addRow(source.columns.map((c, i) => sheetValue(c, row[i] ?? null))).commit();
      // Within a page too: a page is thousands of rows, and the zip writer buffers until then.
      if (r % XLSX_DRAIN_ROWS === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
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
