import { describe, expect, it } from 'vitest';
import { RouteStatus } from '../src/ids';
import {
  centsToDecimal,
  isPidxDecimal,
  pidxCents,
  pidxIdentifierKind,
  pidxLineCents,
  pidxResponseStatus,
  pidxTotalProblems,
} from '../src/rules/pidx';

describe('PIDX amounts', () => {
  it('reads decimals to whole cents, half away from zero', () => {
    expect(pidxCents('1250')).toBe(125000);
    expect(pidxCents('0.005')).toBe(1);
    expect(pidxCents('-1.005')).toBe(-101);
    expect(isPidxDecimal('1,250.00')).toBe(false);
    expect(isPidxDecimal('1e3')).toBe(false);
  });
  it('multiplies quantity by unit price exactly', () => {
    expect(pidxLineCents('2.5', '100.10')).toBe(25025);
    expect(pidxLineCents('3', '0.335')).toBe(101); // 1.005 → 1.01, where floats give 1.00
    expect(pidxLineCents('-1', '10')).toBe(-1000);
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(125000)).toBe('1250.00');
  });
  it('locates a total that does not add up and a line count that is wrong', () => {
    expect(
      pidxTotalProblems({
        lineCents: [100000, 16750],
        taxCents: [8250],
        invoiceTotalCents: 125000,
        declaredLineCount: '2',
      }),
    ).toEqual([]);
    expect(
      pidxTotalProblems({
        lineCents: [100000],
        taxCents: [],
        invoiceTotalCents: 99999,
        declaredLineCount: '2',
      }).map((p) => p.path),
    ).toEqual(['InvoiceSummary/InvoiceTotal', 'InvoiceSummary/TotalLineItems']);
  });
});

describe('PIDX identifiers and status', () => {
  it('reads the identifier kind from its indicator', () => {
    expect(pidxIdentifierKind('DUNSNumber')).toBe('duns');
    expect(pidxIdentifierKind('AssignedByBuyer')).toBe('buyer');
    expect(pidxIdentifierKind('AssignedBySeller')).toBe('seller');
    expect(pidxIdentifierKind(null)).toBe('duns');
  });
  it("answers the receiver's state", () => {
    expect(pidxResponseStatus(null)).toBe('Pending');
    expect(pidxResponseStatus(RouteStatus.Received)).toBe('Accepted');
    expect(pidxResponseStatus(RouteStatus.Viewed)).toBe('Accepted');
    expect(pidxResponseStatus(RouteStatus.Approved)).toBe('Approved');
    expect(pidxResponseStatus(RouteStatus.Rejected)).toBe('Rejected');
    expect(pidxResponseStatus(RouteStatus.Resubmitted)).toBe('Rejected');
    expect(pidxResponseStatus(RouteStatus.Paid)).toBe('Paid');
  });
});
