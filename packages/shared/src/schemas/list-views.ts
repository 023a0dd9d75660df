import { z } from 'zod';
import { FieldType } from '../ids';
import { COUNTERPARTY_COLUMN_KEY } from '../rules/document-list-screens';

/**
 * Saved views, columns and filters of the document lists (issue 30 item 6, docs/list-views.md).
 * A type list takes `columns` (the keys to show, in order) and `filters` (a JSON object) in its
 * query, as does its export; a saved view stores the same two with a sort under a name.
 */

/** The standard columns a type list offers beside the type's metadata fields. */
/** When the company last exported the document to its ERP (the 'Exported' marker). */
export const EXPORTED_LIST_COLUMN = 'exported';
export const standardListColumns = [
  { key: COUNTERPARTY_COLUMN_KEY, name: 'From / To', fieldTypeId: FieldType.Text },
  { key: EXPORTED_LIST_COLUMN, name: 'Exported', fieldTypeId: FieldType.DateTime },
] as const;

export const LIST_VIEW_MAX_COLUMNS = 40;
export const LIST_VIEW_MAX_FIELD_FILTERS = 20;
export const LIST_VIEW_NAME_MAX = 60;

const zFieldKey = z
  .string({ error: 'Name a field' })
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, 'Not a field name');

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
  );
}

const zIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date such as 2026-01-31', abort: true })
  .refine(isCalendarDate, 'Not a real date');

/** A plain decimal, at most two decimals (what a currency field holds). */
const zAmount = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,13}(\.\d{1,2})?$/, 'Use an amount such as 1250.00'));

/** Compares two plain decimals without floating point. */
export function compareDecimal(a: string, b: string): number {
  const cents = (v: string) => {
    const negative = v.startsWith('-');
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.');
    const n = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
    return negative ? -n : n;
  };
  const d = cents(a) - cents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export const zDateRangeFilter = z
  .object({
    field: zFieldKey,
    kind: z.literal('dateRange'),
    from: zIsoDate.optional(),
    to: zIsoDate.optional(),
  })
  .strict()
  .refine((f) => f.from !== undefined || f.to !== undefined, {
    message: 'Give a From or a To date',
    path: ['from'],
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: 'The From date is after the To date',
    path: ['to'],
  });

export const zAmountRangeFilter = z
  .object({
    field: zFieldKey,
    kind: z.literal('amountRange'),
    min: zAmount.optional(),
    max: zAmount.optional(),
  })
  .strict()
  .refine((f) => f.min !== undefined || f.max !== undefined, {
    message: 'Give a lowest or a highest amount',
    path: ['min'],
  })
  .refine((f) => !f.min || !f.max || compareDecimal(f.min, f.max) <= 0, {
    message: 'The lowest amount is above the highest',
    path: ['max'],
  });

export const zTextFilter = z
  .object({
    field: zFieldKey,
    kind: z.literal('text'),
    contains: z.string().trim().min(1, 'Type the text to find').max(200),
  })
  .strict();

export const zFieldFilter = z.discriminatedUnion(
  'kind',
  [zDateRangeFilter, zAmountRangeFilter, zTextFilter],
  { error: "A filter's kind is dateRange, amountRange or text" },
);
export type FieldFilter = z.infer<typeof zFieldFilter>;
export type FieldFilterKind = FieldFilter['kind'];

export const zListFilters = z
  .object({
    fields: z
      .array(zFieldFilter)
      .max(LIST_VIEW_MAX_FIELD_FILTERS, `At most ${LIST_VIEW_MAX_FIELD_FILTERS} field filters`)
      .default([])
      .refine((fs) => new Set(fs.map((f) => f.field)).size === fs.length, {
        message: 'A field is filtered twice',
      }),
    /** The other company: its name (the connection's, else the company's) contains this. */
    counterparty: z.string().trim().min(1, 'Type part of the company name').max(200).optional(),
    /** Exported to the ERP (issue 30 item 4) or not. */
    exported: z.enum(['yes', 'no'], { error: "Use 'yes' or 'no'" }).optional(),
  })
  .strict();
export type ListFilters = z.output<typeof zListFilters>;
export type ListFiltersInput = z.input<typeof zListFilters>;

export const zListColumns = z
  .array(zFieldKey)
  .min(1, 'Choose at least one column')
  .max(LIST_VIEW_MAX_COLUMNS, `At most ${LIST_VIEW_MAX_COLUMNS} columns`)
  .refine((cs) => new Set(cs).size === cs.length, { message: 'A column is chosen twice' });

/** `filters` in a query string: the JSON of zListFilters. */
export const zListFiltersParam = z
  .string()
  .max(8000, 'The filters are too long')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filters are not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(zListFilters);

/** `columns` in a query string: comma-separated keys. */
export const zListColumnsParam = z
  .string()
  .max(4000, 'Too many columns')
  .transform((text) => text.split(',').map((c) => c.trim()))
  .pipe(zListColumns);

/** What a list's query adds for columns and filters (zDocumentListQuery extends it). */
export const zListViewQuery = z.object({
  columns: zListColumnsParam.optional(),
  filters: zListFiltersParam.optional(),
});

/** Whether a filter has nothing in it (an empty filters object). */
export const hasListFilters = (f: ListFilters | undefined): f is ListFilters =>
  !!f && (f.fields.length > 0 || f.counterparty !== undefined || f.exported !== undefined);

/** The filter a field type takes: dates a range, amounts a range, everything else text. */
export function filterKindOfField(fieldTypeId: number): FieldFilterKind {
  if (fieldTypeId === FieldType.Date || fieldTypeId === FieldType.DateTime) return 'dateRange';
  if (fieldTypeId === FieldType.Currency || fieldTypeId === FieldType.Numeric) return 'amountRange';
  return 'text';
}

const kindWords: Record<FieldFilterKind, string> = {
  dateRange: 'a date field',
  amountRange: 'an amount field',
  text: 'a text field',
};

/** A field of the list's type, as the column and filter checks need it. */
export interface ListField {
  key: string;
  name: string;
  fieldTypeId: number;
}

export interface LocatedProblem {
  path: string;
  message: string;
}

/**
 * The checks that need the type's fields (server and screen alike): every column a field of the
 * type or a standard column, every filter on a field of the type whose kind fits the field.
 */
export function listViewProblems(
  fields: readonly ListField[],
  input: { columns?: readonly string[]; filters?: ListFilters; orderBy?: string },
): LocatedProblem[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const standard = new Set<string>(standardListColumns.map((c) => c.key));
  const problems: LocatedProblem[] = [];
  input.columns?.forEach((key, i) => {
    if (!byKey.has(key) && !standard.has(key)) {
      problems.push({ path: `columns.${i}`, message: `'${key}' is not a field of this type` });
    }
  });
  input.filters?.fields.forEach((filter, i) => {
    const field = byKey.get(filter.field);
    if (!field) {
      problems.push({
        path: `filters.fields.${i}.field`,
        message: `'${filter.field}' is not a field of this type`,
      });
    } else if (filterKindOfField(field.fieldTypeId) !== filter.kind) {
      problems.push({
        path: `filters.fields.${i}.kind`,
        message: `${field.name} is not ${kindWords[filter.kind]}`,
      });
    }
  });
  return problems;
}

// ---- Saved views -------------------------------------------------------------------------------

const zSort = z.object({
  orderBy: z.string().trim().min(1).max(100).default('id'),
  orderByDirection: z.enum(['asc', 'desc'], { error: "Use 'asc' or 'desc'" }).default('desc'),
});

export const zListViewInput = z
  .object({
    documentTypeId: z.number().int().min(1).max(2_147_483_647),
    name: z
      .string({ error: 'Name the view' })
      .trim()
      .min(1, 'Name the view')
      .max(LIST_VIEW_NAME_MAX, `At most ${LIST_VIEW_NAME_MAX} characters`),
    /** Shown to every member of the company (else only to its owner). */
    shared: z.boolean().default(false),
    /** Null: the type's usual columns. */
    columns: zListColumns.nullable().default(null),
    filters: zListFilters.default({ fields: [] }),
  })
  .extend(zSort.shape)
  .strict();
export type ListViewInput = z.input<typeof zListViewInput>;

/** PUT: the same fields; the type of a view does not change. */
export const zListViewUpdate = zListViewInput.omit({ documentTypeId: true });
export type ListViewUpdate = z.input<typeof zListViewUpdate>;

export const zListView = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  columns: z.array(z.string()).nullable(),
  filters: zListFilters,
  orderBy: z.string(),
  orderByDirection: z.enum(['asc', 'desc']),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The caller may change and delete it: its owner, or an Administrator for a shared view. */
  canEdit: z.boolean(),
});
export type ListView = z.infer<typeof zListView>;

export const zListViews = z.object({ items: z.array(zListView) });

export const zListViewsQuery = z.object({
  documentTypeId: z.coerce
    .number({ error: 'Give the document type' })
    .int()
    .min(1)
    .max(2_147_483_647),
});

/** Who may change or delete a view: its owner; a shared one also an Administrator. */
export function canEditListView(
  view: { ownerUserId: number; shared: boolean },
  caller: { userId: number; isAdministrator: boolean },
): boolean {
  return view.ownerUserId === caller.userId || (view.shared && caller.isAdministrator);
}

export const listViewMessages = {
  notFound: 'View not found',
  nameTaken: 'You already have a view with this name',
  forbidden: 'Only its owner or an Administrator can change a shared view',
  saved: 'View saved',
  deleted: 'View deleted',
} as const;
