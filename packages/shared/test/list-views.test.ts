import { describe, expect, it } from 'vitest';
import {
  FieldType,
  Role,
  canEditListView,
  compareDecimal,
  filterKindOfField,
  listViewProblems,
  zDocumentListQuery,
  zListFilters,
  zListViewInput,
} from '../src/index';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const fields = [
  { key: 'docInvoiceDate', name: 'Invoice Date', fieldTypeId: FieldType.Date },
  { key: 'docTotal', name: 'Invoice Total', fieldTypeId: FieldType.Currency },
  { key: 'docNumber', name: 'Invoice Number', fieldTypeId: FieldType.Text },
];

describe('list filters', () => {
  it('takes date ranges, amount ranges, text, the other company and exported', () => {
    const parsed = zListFilters.parse({
      fields: [
        { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01', to: '2026-01-31' },
        { field: 'docTotal', kind: 'amountRange', min: 100, max: '2500.5' },
        { field: 'docNumber', kind: 'text', contains: ' INV ' },
      ],
      counterparty: 'Permian',
      exported: 'no',
    });
    expect(parsed.fields[1]).toEqual({
      field: 'docTotal',
      kind: 'amountRange',
      min: '100',
      max: '2500.5',
    });
    expect(parsed.fields[2]).toMatchObject({ contains: 'INV' });
    expect(zListFilters.parse({})).toEqual({ fields: [] });
  });

  it('refuses a range whose start is after its end, empty ranges and bad values', () => {
    expect(
      messages(
        zListFilters.safeParse({
          fields: [
            { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-02-01', to: '2026-01-31' },
          ],
        }),
      ),
    ).toEqual(['fields.0.to: The From date is after the To date']);
    // The same day at both ends is a one-day range.
    expect(
      zListFilters.safeParse({
        fields: [{ field: 'd', kind: 'dateRange', from: '2026-01-31', to: '2026-01-31' }],
      }).success,
    ).toBe(true);
    expect(
      messages(
        zListFilters.safeParse({
          fields: [{ field: 'docTotal', kind: 'amountRange', min: '10', max: '9.99' }],
        }),
      ),
    ).toEqual(['fields.0.max: The lowest amount is above the highest']);
    expect(
      messages(zListFilters.safeParse({ fields: [{ field: 'docTotal', kind: 'amountRange' }] })),
    ).toEqual(['fields.0.min: Give a lowest or a highest amount']);
    expect(
      messages(
        zListFilters.safeParse({ fields: [{ field: 'd', kind: 'dateRange', from: '2026-02-30' }] }),
      ),
    ).toEqual(['fields.0.from: Not a real date']);
    expect(
      messages(
        zListFilters.safeParse({ fields: [{ field: 'd', kind: 'dateRange', from: '31/01/2026' }] }),
      ),
    ).toEqual(['fields.0.from: Use a date such as 2026-01-31']);
    expect(
      messages(
        zListFilters.safeParse({
          fields: [{ field: 'docTotal', kind: 'amountRange', min: '1e5' }],
        }),
      ),
    ).toEqual(['fields.0.min: Use an amount such as 1250.00']);
    expect(
      messages(zListFilters.safeParse({ fields: [{ field: 'x', kind: 'like', contains: 'a' }] })),
    ).toEqual(["fields.0.kind: A filter's kind is dateRange, amountRange or text"]);
    expect(messages(zListFilters.safeParse({ exported: 'maybe' }))).toEqual([
      "exported: Use 'yes' or 'no'",
    ]);
    expect(zListFilters.safeParse({ other: 1 }).success).toBe(false);
    expect(
      messages(
        zListFilters.safeParse({ fields: [{ field: "x'; drop", kind: 'text', contains: 'a' }] }),
      ),
    ).toEqual(['fields.0.field: Not a field name']);
    expect(
      messages(
        zListFilters.safeParse({
          fields: [
            { field: 'a', kind: 'text', contains: 'x' },
            { field: 'a', kind: 'text', contains: 'y' },
          ],
        }),
      ),
    ).toEqual(['fields: A field is filtered twice']);
  });

  it('compares amounts exactly', () => {
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('-1.5', '-1.25')).toBe(-1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
  });
});

describe('the list query with columns and filters', () => {
  it('reads the columns as a comma list and the filters as JSON', () => {
    const q = zDocumentListQuery.parse({
      columns: 'docNumber,counterparty,exported',
      filters: JSON.stringify({ exported: 'yes' }),
    });
    expect(q.columns).toEqual(['docNumber', 'counterparty', 'exported']);
    expect(q.filters).toEqual({ fields: [], exported: 'yes' });
  });

  it('refuses JSON that does not parse and a column given twice', () => {
    expect(messages(zDocumentListQuery.safeParse({ filters: '{nope' }))).toEqual([
      'filters: The filters are not valid JSON',
    ]);
    expect(messages(zDocumentListQuery.safeParse({ columns: 'a,a' }))).toEqual([
      'columns: A column is chosen twice',
    ]);
  });
});

describe('checks against the type’s fields', () => {
  it('accepts the type’s fields and the standard columns', () => {
    expect(
      listViewProblems(fields, {
        columns: ['docNumber', 'counterparty', 'exported'],
        filters: zListFilters.parse({
          fields: [{ field: 'docInvoiceDate', kind: 'dateRange', to: '2026-01-01' }],
        }),
      }),
    ).toEqual([]);
  });

  it('locates unknown fields and filters of the wrong kind', () => {
    expect(
      listViewProblems(fields, {
        columns: ['docNumber', 'docNope'],
        filters: zListFilters.parse({
          fields: [
            { field: 'docNumber', kind: 'amountRange', min: '1' },
            { field: 'docMissing', kind: 'text', contains: 'a' },
          ],
        }),
      }),
    ).toEqual([
      { path: 'columns.1', message: "'docNope' is not a field of this type" },
      { path: 'filters.fields.0.kind', message: 'Invoice Number is not an amount field' },
      { path: 'filters.fields.1.field', message: "'docMissing' is not a field of this type" },
    ]);
  });

  it('gives dates a range, amounts a range and the rest text', () => {
    expect(filterKindOfField(FieldType.DateTime)).toBe('dateRange');
    expect(filterKindOfField(FieldType.Currency)).toBe('amountRange');
    expect(filterKindOfField(FieldType.List)).toBe('text');
  });
});

describe('saved views', () => {
  it('defaults to private, the usual columns and no filters', () => {
    expect(zListViewInput.parse({ documentTypeId: 93, name: ' Big ones ' })).toEqual({
      documentTypeId: 93,
      name: 'Big ones',
      shared: false,
      columns: null,
      filters: { fields: [] },
      orderBy: 'id',
      orderByDirection: 'desc',
    });
    expect(messages(zListViewInput.safeParse({ documentTypeId: 93, name: '  ' }))).toEqual([
      'name: Name the view',
    ]);
  });

  it('lets the owner edit, and an Administrator a shared view only', () => {
    const view = { ownerUserId: 1, shared: false };
    expect(canEditListView(view, { userId: 1, isAdministrator: false })).toBe(true);
    expect(canEditListView(view, { userId: 2, isAdministrator: true })).toBe(false);
    expect(canEditListView({ ...view, shared: true }, { userId: 2, isAdministrator: true })).toBe(
      true,
    );
    expect(canEditListView({ ...view, shared: true }, { userId: 2, isAdministrator: false })).toBe(
      false,
    );
    expect(Role.Administrator).toBeTypeOf('number');
  });
});
