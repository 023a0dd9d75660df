import { describe, expect, it } from 'vitest';
import {
  achMessages,
  hasUsRoutingFormat,
  hasValidAbaChecksum,
  maskAccountNumber,
  usRoutingNumberError,
  zAchInput,
} from '../src/index';

const valid = {
  bankName: 'First Bank of Midland',
  country: 'US',
  routingNumber: '021000021',
  accountNumber: '123456789',
  accountTypeId: 1,
  orgUnitIds: [1],
  partyIds: [2],
};

/** Field path → first message, as the form and the API show them. */
function firstMessages(input: unknown): Record<string, string> {
  const result = zAchInput.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('ABA routing numbers', () => {
  it('accepts real routing numbers', () => {
    for (const n of ['011000015', '021000021', '111000025', '322271627', '011401533']) {
      expect(hasValidAbaChecksum(n), n).toBe(true);
    }
  });

  it('rejects a wrong check digit and anything but 9 digits', () => {
    expect(hasValidAbaChecksum('021000022')).toBe(false);
    expect(hasValidAbaChecksum('123456789')).toBe(false);
    expect(hasValidAbaChecksum('02100002')).toBe(false);
    expect(hasValidAbaChecksum('02100002a')).toBe(false);
  });

  it('needs 9 digits starting with 0–3 for the US', () => {
    expect(hasUsRoutingFormat('321000000')).toBe(true);
    expect(hasUsRoutingFormat('421000021')).toBe(false);
    expect(hasUsRoutingFormat('02100002')).toBe(false);
    expect(hasUsRoutingFormat('0210000210')).toBe(false);
  });

  it('checks the format before the check digit, and only for the US', () => {
    expect(usRoutingNumberError('US', '421000021')).toBe(achMessages.usRoutingFormat);
    expect(usRoutingNumberError('US', '021000022')).toBe(achMessages.routingCheckDigit);
    expect(usRoutingNumberError('US', '021000021')).toBeNull();
    expect(usRoutingNumberError('O', '9')).toBeNull();
    // Non-digits are the field's own 'Must be a number'.
    expect(usRoutingNumberError('US', '02100002x')).toBeNull();
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last 4 digits', () => {
    expect(maskAccountNumber('000123456789')).toBe('••••6789');
    expect(maskAccountNumber('1234')).toBe('••••1234');
  });
});

describe('zAchInput (spec 2 §5.1)', () => {
  it('accepts a valid ACH and defaults isActive', () => {
    const parsed = zAchInput.parse({ ...valid, bankName: '  First Bank  ' });
    expect(parsed).toMatchObject({ bankName: 'First Bank', isActive: true });
  });

  it("says 'Required' for every missing field", () => {
    expect(firstMessages({})).toEqual({
      bankName: 'Required',
      country: 'Required',
      routingNumber: 'Required',
      accountNumber: 'Required',
      accountTypeId: 'Required',
      orgUnitIds: 'Required',
      partyIds: 'Required',
    });
    expect(
      firstMessages({
        ...valid,
        bankName: ' ',
        country: '',
        accountTypeId: null,
        orgUnitIds: [],
        partyIds: [],
      }),
    ).toEqual({
      bankName: 'Required',
      country: 'Required',
      accountTypeId: 'Required',
      orgUnitIds: 'Required',
      partyIds: 'Required',
    });
  });

  it("says 'Must be a number' for non-digits", () => {
    expect(firstMessages({ ...valid, routingNumber: '02100-0021', accountNumber: '12ab' })).toEqual(
      { routingNumber: 'Must be a number', accountNumber: 'Must be a number' },
    );
  });

  it('limits text to 255 characters', () => {
    expect(
      firstMessages({
        ...valid,
        country: 'O',
        bankName: 'B'.repeat(256),
        routingNumber: '1'.repeat(256),
        accountNumber: '1'.repeat(256),
      }),
    ).toEqual({
      bankName: 'Must be at most 255 characters',
      routingNumber: 'Must be at most 255 characters',
      accountNumber: 'Must be at most 255 characters',
    });
    expect(firstMessages({ ...valid, country: 'O', routingNumber: '9'.repeat(255) })).toEqual({});
  });

  it('applies the US rules, also while other fields are still empty', () => {
    expect(firstMessages({ ...valid, routingNumber: '42100002' })).toEqual({
      routingNumber: 'Must be 9 digits and begin with 0, 1, 2, or 3',
    });
    expect(firstMessages({ ...valid, routingNumber: '021000022' })).toEqual({
      routingNumber: 'Invalid routing number: the check digit does not match',
    });
    expect(firstMessages({ country: 'US', routingNumber: '021000022' }).routingNumber).toBe(
      achMessages.routingCheckDigit,
    );
    expect(firstMessages({ ...valid, country: 'O', routingNumber: '42' })).toEqual({});
  });

  it('refuses other countries and account types', () => {
    expect(firstMessages({ ...valid, country: 'CA', accountTypeId: 3 })).toEqual({
      country: 'Required',
      accountTypeId: 'Required',
    });
  });
});
