import { describe, expect, it } from 'vitest';
import {
  addSuggestedRows,
  canAddOrDeleteRows,
  decideLineCoding,
  deleteLineRow,
  detailTotalMismatch,
  DocumentTemplate,
  DocumentTypeId,
  lineCellProblem,
  lineItemColumnsFor,
  Role,
  RouteStatus,
  senderLineColumns,
  UserType,
  validateDocumentForSend,
} from '../src/index';

const columns = senderLineColumns;

describe('line items behaviour (spec 1 §4)', () => {
  it('deleting the only row clears it instead of removing it', () => {
    const rows = [{ description: 'Hauling', quantity: '1', unitPrice: null, amount: '5' }];
    expect(deleteLineRow(rows, 0, columns)).toEqual([
      { description: null, quantity: null, unitPrice: null, amount: null },
    ]);
    const two = [...rows, { description: 'Labour', quantity: null, unitPrice: null, amount: '1' }];
    expect(deleteLineRow(two, 0, columns).map((r) => r.description)).toEqual(['Labour']);
  });

  it('add and delete are disabled when every cell is read-only', () => {
    expect(canAddOrDeleteRows([{ isReadonly: true }, { isReadonly: true }])).toBe(false);
    expect(canAddOrDeleteRows([{ isReadonly: true }, { isReadonly: false }])).toBe(true);
  });

  it('adding suggested rows clears an entirely blank first row, and only that', () => {
    const blank = { description: '  ', quantity: null, unitPrice: null, amount: null };
    const suggestion = { description: 'Hauling', unitPrice: '500' };
    expect(addSuggestedRows([blank], [suggestion], columns)).toEqual([
      { description: 'Hauling', quantity: null, unitPrice: '500', amount: null },
    ]);
    const filled = { description: 'Labour', quantity: null, unitPrice: null, amount: '1' };
    expect(addSuggestedRows([filled, blank], [suggestion], columns)).toHaveLength(3);
  });

  it('number cells must hold numbers; texts have a length limit', () => {
    const quantity = columns.find((c) => c.key === 'quantity')!;
    expect(lineCellProblem(quantity, '2.5', 1)).toBeNull();
    expect(lineCellProblem(quantity, '', 1)).toBeNull();
    expect(lineCellProblem(quantity, 'two', 3)).toBe('Line 3: Quantity must be a number');
    const description = columns.find((c) => c.key === 'description')!;
    expect(lineCellProblem(description, 'x'.repeat(501), 2)).toBe(
      'Line 2: Description can be at most 500 characters',
    );
  });

  it('the receiver sees the sender columns followed by its coding kinds', () => {
    expect(lineItemColumnsFor('sent').map((c) => c.key)).toEqual([
      'description',
      'quantity',
      'unitPrice',
      'amount',
    ]);
    expect(
      lineItemColumnsFor('received')
        .filter((c) => c.owner === 'receiver')
        .map((c) => [c.name, c.accountKind]),
    ).toEqual([
      ['AFE', 1],
      ['Cost Center', 2],
      ['Account Code', 3],
      ['Well', 7],
      ['Property', 8],
    ]);
  });
});

describe('the detail total with stored lines (spec 1 §5, cents)', () => {
  const total = {
    id: 1,
    key: 'docTotal',
    name: 'Invoice Total',
    isRequired: false,
    isThirdParty: false,
    isDollarTotal: true,
    metadataType: { id: 3 },
  };
  const check = (amounts: string[], value: string) =>
    detailTotalMismatch({
      definitions: [total],
      values: { 1: value },
      lineItems: {
        columns,
        rows: amounts.map((amount) => ({ description: 'x', quantity: '1', amount })),
      },
    });

  it('adds in cents: 0.10 + 0.20 matches 0.30 exactly', () => {
    expect(check(['0.10', '0.20'], '0.30')).toBeNull();
    expect(check(['1000.00', '250'], '1250.00')).toBeNull();
  });

  it("says the spec's message with both amounts", () => {
    expect(check(['1000.00'], '1250.00')).toBe(
      'Detail item total ($1,000.00) does not match Invoice Total ($1,250.00)',
    );
    expect(check(['0.01'], '0.02')).toBe(
      'Detail item total ($0.01) does not match Invoice Total ($0.02)',
    );
  });

  it('names missing description and amount cells of a line before the total', () => {
    expect(
      validateDocumentForSend({
        templateId: DocumentTemplate.ArInvoice,
        definitions: [total],
        values: { 1: '5' },
        lineItems: { columns, rows: [{ quantity: '1' }] },
      }),
    ).toBe('Fields Description (line 1), Amount (line 1) are required');
  });
});

describe('who may code lines', () => {
  const base = {
    templateId: DocumentTemplate.ArInvoice,
    documentTypeId: DocumentTypeId.ArInvoice,
    routeStatusId: RouteStatus.Received as number | null,
    side: 'received' as const,
    userType: UserType.Regular as number,
    roles: [Role.Processor] as number[],
    lineItemsEnabled: true,
  };

  it('the receiver codes a Received, Viewed or Approved invoice', () => {
    for (const status of [RouteStatus.Received, RouteStatus.Viewed, RouteStatus.Approved]) {
      expect(decideLineCoding({ ...base, routeStatusId: status }).allowed).toBe(true);
    }
    for (const status of [RouteStatus.Rejected, RouteStatus.Paid, RouteStatus.Resubmitted, null]) {
      expect(decideLineCoding({ ...base, routeStatusId: status })).toMatchObject({
        allowed: false,
        refusal: 'state',
      });
    }
  });

  it('refuses the sender, ReadOnly members and Global users as a role', () => {
    expect(decideLineCoding({ ...base, side: 'sent' })).toMatchObject({ refusal: 'role' });
    expect(decideLineCoding({ ...base, roles: [Role.ReadOnly] })).toMatchObject({
      refusal: 'role',
    });
    expect(decideLineCoding({ ...base, userType: UserType.Global })).toMatchObject({
      refusal: 'role',
    });
    expect(decideLineCoding({ ...base, roles: [Role.Administrator] }).allowed).toBe(true);
  });

  it('codes only invoices with line items', () => {
    expect(decideLineCoding({ ...base, lineItemsEnabled: false }).allowed).toBe(false);
    expect(
      decideLineCoding({
        ...base,
        templateId: DocumentTemplate.OwnerStatement,
        documentTypeId: DocumentTypeId.OwnerStatement,
      }).allowed,
    ).toBe(false);
  });
});
