// Issue 32 item 1: the price book's row rules, effective dates and export escaping.
import { describe, expect, it } from 'vitest';
import {
  canonicalDate,
  canonicalDecimal,
  escapeSpreadsheetCell,
  itemAppliesOn,
  validatePriceBookRow,
  validatePriceBookRows,
  versionInForce,
  versionStatus,
} from '../src/index';

const row = { itemCode: 'A', description: 'Pump', uom: 'hr', unitPrice: '95' };

describe('rows', () => {
  it('accepts a minimal row, upper-casing the unit', () => {
    expect(validatePriceBookRow(row)).toEqual({
      item: {
        itemCode: 'A',
        description: 'Pump',
        uom: 'HR',
        unitPrice: '95',
        tiers: [],
        effectiveFrom: null,
        effectiveTo: null,
        contractNumber: null,
      },
    });
  });

  it('joins every reason of a row', () => {
    expect(
      validatePriceBookRow({ itemCode: 'A', unitPrice: 'x', effectiveFrom: '2026-13-01' }),
    ).toEqual({
      reason:
        'Description is required; UOM is required; Unit Price must be an amount like 95.00 (at most 4 decimals); Effective From must be a date like 2026-01-31',
    });
  });

  it('checks tiers: pairs, ascending quantities, amounts', () => {
    const tiers = validatePriceBookRow({
      ...row,
      tier1MinQuantity: '10',
      tier1UnitPrice: '90',
      tier2MinQuantity: '10',
      tier2UnitPrice: '85',
      tier3MinQuantity: '50',
    });
    expect(tiers).toEqual({
      reason:
        'Tier 2 Min Qty must be above the tier before it; Tier 3 needs both a Min Qty and a Unit Price',
    });
    const ok = validatePriceBookRow({ ...row, tier1MinQuantity: '10', tier1UnitPrice: '$90.50' });
    expect(ok).toMatchObject({ item: { tiers: [{ minQuantity: '10', unitPrice: '90.50' }] } });
  });

  it('refuses an end before the start and over-long codes', () => {
    expect(
      validatePriceBookRow({ ...row, effectiveFrom: '2026-02-01', effectiveTo: '1/31/2026' }),
    ).toEqual({ reason: 'Effective To must be on or after Effective From' });
    expect(validatePriceBookRow({ ...row, itemCode: 'x'.repeat(51) })).toEqual({
      reason: 'Item Code can be at most 50 characters',
    });
  });

  it('names a repeated code (case-insensitive) with the line it repeats', () => {
    const { items, errors } = validatePriceBookRows([
      { line: 2, cells: row },
      { line: 3, cells: { ...row, itemCode: ' a ' } },
    ]);
    expect(items).toHaveLength(1);
    expect(errors).toEqual([{ line: 3, reason: 'Item Code a is already on line 2' }]);
  });

  it('reads amounts and dates the way people type them', () => {
    expect(canonicalDecimal('$1,250.50')).toBe('1250.50');
    expect(canonicalDecimal('007')).toBe('7');
    expect(canonicalDecimal('1.23456')).toBeNull();
    expect(canonicalDecimal('-1')).toBeNull();
    expect(canonicalDate('2/29/2028')).toBe('2028-02-29');
    expect(canonicalDate('2027-02-29')).toBeNull();
    expect(canonicalDate('29.02.2028')).toBeNull();
  });
});

describe('versions in force', () => {
  const v = (id: number, from: string, to: string | null = null, n = id) => ({
    id,
    versionNumber: n,
    effectiveFrom: from,
    effectiveTo: to,
  });
  const versions = [v(1, '2025-01-01'), v(2, '2025-07-01', '2025-12-31'), v(3, '2026-06-01')];

  it('picks the latest start that has begun and not ended', () => {
    expect(versionInForce(versions, '2024-12-31')).toBeNull();
    expect(versionInForce(versions, '2025-01-01')?.id).toBe(1);
    expect(versionInForce(versions, '2025-06-30')?.id).toBe(1);
    expect(versionInForce(versions, '2025-07-01')?.id).toBe(2);
    expect(versionInForce(versions, '2025-12-31')?.id).toBe(2);
    // Version 2 ended: version 1 (open-ended) is in force again until version 3.
    expect(versionInForce(versions, '2026-01-01')?.id).toBe(1);
    expect(versionInForce(versions, '2026-06-01')?.id).toBe(3);
  });

  it('a later upload with the same start wins', () => {
    expect(
      versionInForce([v(1, '2025-01-01', null, 1), v(2, '2025-01-01', null, 2)], '2025-02-01')?.id,
    ).toBe(2);
  });

  it('statuses: current, scheduled, past', () => {
    const today = '2025-08-01';
    expect(versions.map((x) => versionStatus(versions, x, today))).toEqual([
      'past',
      'current',
      'scheduled',
    ]);
  });

  it("an item's own dates narrow its version", () => {
    const item = { effectiveFrom: '2025-03-01', effectiveTo: '2025-03-31' };
    expect(itemAppliesOn(item, '2025-02-28')).toBe(false);
    expect(itemAppliesOn(item, '2025-03-01')).toBe(true);
    expect(itemAppliesOn(item, '2025-03-31')).toBe(true);
    expect(itemAppliesOn(item, '2025-04-01')).toBe(false);
    expect(itemAppliesOn({ effectiveFrom: null, effectiveTo: null }, '1999-01-01')).toBe(true);
  });
});

describe('exported cells', () => {
  it('prefixes what a spreadsheet would run, keeps numbers', () => {
    expect(escapeSpreadsheetCell('=1+1')).toBe("'=1+1");
    expect(escapeSpreadsheetCell('+cmd')).toBe("'+cmd");
    expect(escapeSpreadsheetCell('-2+3')).toBe("'-2+3");
    expect(escapeSpreadsheetCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeSpreadsheetCell('\tx')).toBe("'\tx");
    expect(escapeSpreadsheetCell('-5')).toBe('-5');
    expect(escapeSpreadsheetCell('+1.5')).toBe('+1.5');
    expect(escapeSpreadsheetCell('Pump')).toBe('Pump');
  });
});
