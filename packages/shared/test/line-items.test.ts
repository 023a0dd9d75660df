import { describe, expect, it } from 'vitest';
import {
  addSuggestedRows,
  canAddOrDeleteRows,
  decideLineCoding,
  deleteLineRow,
  detailTotalMismatch,
  DocumentTemplate,
  DocumentTypeId,
  lineAmountProblem,
  lineCellProblem,
  linesTotalCents,
  zSaveLineItemsInput,
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

describe('Quantity × Unit Price against Amount (issue 27 item 15)', () => {
  it('refuses 1 × 10 = 20 with a message naming the line and the numbers', () => {
    expect(lineAmountProblem({ quantity: '1', unitPrice: '10', amount: '20' }, 2)).toBe(
      'Line 2: Quantity × Unit Price (1 × $10.00 = $10.00) does not match Amount ($20.00)',
    );
  });

  it('accepts matching lines, a cent of rounding, and lines without all three numbers', () => {
    expect(
      lineAmountProblem({ quantity: '2', unitPrice: '500.00', amount: '1000.00' }, 1),
    ).toBeNull();
    expect(lineAmountProblem({ quantity: '3', unitPrice: '3.333', amount: '10.00' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: '3', unitPrice: '0.33', amount: '1.00' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: '1', unitPrice: '2.675', amount: '2.68' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: null, unitPrice: '10', amount: '20' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: '1', unitPrice: null, amount: '20' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: 'x', unitPrice: '10', amount: '20' }, 1)).toBeNull();
    expect(lineAmountProblem({ quantity: '3', unitPrice: '0.33', amount: '1.01' }, 1)).toMatch(
      /^Line 1: /,
    );
  });

  it('is part of the line save schema and of the Send validation', () => {
    const parsed = zSaveLineItemsInput.safeParse({
      lines: [{ description: 'Hauling', quantity: '1', unitPrice: '10', amount: '20' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/does not match Amount \(\$20\.00\)/);
    expect(
      validateDocumentForSend({
        templateId: 11,
        definitions: [],
        values: {},
        lineItems: {
          columns: senderLineColumns,
          rows: [{ description: 'Hauling', quantity: '1', unitPrice: '10', amount: '20' }],
        },
      }),
    ).toBe('Line 1: Quantity × Unit Price (1 × $10.00 = $10.00) does not match Amount ($20.00)');
  });

  it('adds the running total of the lines in cents', () => {
    expect(linesTotalCents([{ amount: '1000.00' }, { amount: '250.5' }, { amount: null }])).toBe(
      125050,
    );
  });
});
