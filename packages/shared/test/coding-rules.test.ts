import { describe, expect, it } from 'vitest';
import {
  AccountKind,
  evaluateCodingRule,
  evaluateCodingRules,
  matchesPoPattern,
  zCodingRuleInput,
  type CodingRuleDefinition,
  type InvoiceForRules,
} from '../src/index';

const invoice = (overrides: Partial<InvoiceForRules> = {}): InvoiceForRules => ({
  totalCents: 125_000,
  poNumber: 'PO-2026-017',
  lines: [
    { lineNumber: 1, coding: { afe: '24-017' } },
    { lineNumber: 2, coding: { costCenter: 'CC-100' } },
  ],
  ...overrides,
});

const required: CodingRuleDefinition = {
  id: 1,
  name: 'AFE or cost center',
  kind: 'requiredCoding',
  requiredKinds: [AccountKind.AFE, AccountKind.CostCenter],
};
const limit: CodingRuleDefinition = {
  id: 2,
  name: 'Under $5,000',
  kind: 'amountLimit',
  limitCents: 500_000,
  autoApprove: true,
};
const po: CodingRuleDefinition = { id: 3, name: 'PO', kind: 'poMatch', poPattern: 'PO-2026-*' };

describe('required coding', () => {
  it('passes when every line has one of the kinds, names the lines that do not', () => {
    expect(evaluateCodingRule(required, invoice())).toEqual({
      passed: true,
      message: 'Every line has an AFE or Cost Center',
    });
    const one = invoice({ lines: [...invoice().lines, { lineNumber: 3, coding: { well: 'W' } }] });
    expect(evaluateCodingRule(required, one)).toEqual({
      passed: false,
      message: 'Line 3 needs an AFE or Cost Center',
    });
    const none = invoice({
      lines: [
        { lineNumber: 1, coding: {} },
        { lineNumber: 2, coding: { afe: '  ' } },
      ],
    });
    expect(evaluateCodingRule(required, none).message).toBe(
      'Lines 1, 2 need an AFE or Cost Center',
    );
    expect(evaluateCodingRule(required, invoice({ lines: [] })).passed).toBe(false);
  });
});

describe('amount limit', () => {
  it('compares the total in cents, the limit included', () => {
    expect(evaluateCodingRule(limit, invoice({ totalCents: 500_000 })).passed).toBe(true);
    expect(evaluateCodingRule(limit, invoice({ totalCents: 500_001 }))).toEqual({
      passed: false,
      message: 'Total $5,000.01 is over $5,000.00',
    });
    expect(evaluateCodingRule(limit, invoice({ totalCents: null })).passed).toBe(false);
  });
});

describe('PO match', () => {
  it('requires a PO number matching the pattern or the list', () => {
    expect(evaluateCodingRule(po, invoice()).passed).toBe(true);
    expect(evaluateCodingRule(po, invoice({ poNumber: 'PO-2025-001' }))).toEqual({
      passed: false,
      message: 'PO number PO-2025-001 does not match',
    });
    expect(evaluateCodingRule(po, invoice({ poNumber: ' ' })).message).toBe(
      'The PO number is missing',
    );
    const listed = { ...po, poPattern: null, poValues: ['4500012', '4500013'] };
    expect(evaluateCodingRule(listed, invoice({ poNumber: '4500013' })).passed).toBe(true);
    expect(evaluateCodingRule(listed, invoice({ poNumber: '4500014' })).passed).toBe(false);
    const present = { ...po, poPattern: null };
    expect(evaluateCodingRule(present, invoice({ poNumber: 'anything' })).passed).toBe(true);
  });

  it('treats * and ? as wildcards and everything else literally', () => {
    expect(matchesPoPattern('po-7.1', 'PO-?.*')).toBe(true);
    expect(matchesPoPattern('PO-7x1', 'PO-?.1')).toBe(false);
    expect(matchesPoPattern('PO-(1)', 'PO-(1)')).toBe(true);
  });
});

describe('touchless approval', () => {
  it('approves automatically only when every rule passes under a limit that allows it', () => {
    expect(evaluateCodingRules([required, limit, po], invoice()).autoApproveBy?.name).toBe(
      'Under $5,000',
    );
    expect(
      evaluateCodingRules([required, limit, po], invoice({ poNumber: null })).autoApproveBy,
    ).toBeNull();
    expect(
      evaluateCodingRules([required, { ...limit, autoApprove: false }], invoice()).autoApproveBy,
    ).toBeNull();
    expect(evaluateCodingRules([required], invoice()).autoApproveBy).toBeNull();
    // The lowest approving limit names the approval.
    const small = { ...limit, id: 4, name: 'Under $2,000', limitCents: 200_000 };
    expect(evaluateCodingRules([limit, small], invoice()).autoApproveBy?.name).toBe('Under $2,000');
  });
});

describe('the rule form', () => {
  it('asks for what each kind needs', () => {
    const bad = (input: object) => zCodingRuleInput.safeParse(input).error?.issues[0]?.message;
    expect(bad({ name: 'x', kind: 'requiredCoding' })).toBe('Choose at least one account kind');
    expect(bad({ name: 'x', kind: 'amountLimit' })).toBe('The limit is required');
    expect(bad({ name: 'x', kind: 'amountLimit', limit: 'lots' })).toBe(
      'The limit must be an amount like 5000.00',
    );
    expect(bad({ name: 'x', kind: 'poMatch', autoApprove: true })).toBe(
      'Automatic approval belongs to an amount limit rule',
    );
    expect(
      zCodingRuleInput.parse({ name: 'x', kind: 'amountLimit', limit: '5,000.50' }).limit,
    ).toBe(500_050);
  });
});
